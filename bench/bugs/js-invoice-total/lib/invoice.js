function invoiceTotal(lines, taxRate) {
  let total = 0;
  for (const line of lines) {
    total += line.amount;
  }
  total = Math.round(total * (1 + taxRate) * 100) / 100;
}

module.exports = { invoiceTotal };
