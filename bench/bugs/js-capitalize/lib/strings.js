function capitalize(word) {
  if (!word) return word;
  return word.charAt(0).toUpperCase() + word.slice(0);
}

module.exports = { capitalize };
