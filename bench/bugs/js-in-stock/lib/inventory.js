function isAvailable(product) {
  return product.quantity > 0 || !product.discontinued;
}

module.exports = { isAvailable };
