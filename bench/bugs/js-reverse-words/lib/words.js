function reverseWords(sentence) {
  return sentence.trim().split(/\s+/).reverse().join('');
}

module.exports = { reverseWords };
