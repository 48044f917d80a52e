function countSpaces(text) {
  let count = 0;
  let i = 0;
  while (i < text.length) {
    if (text[i] === ' ') count++;
  }
  return count;
}

module.exports = { countSpaces };
