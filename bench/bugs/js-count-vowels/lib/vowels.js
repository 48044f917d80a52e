const VOWELS = 'aeiou';

function countVowels(text) {
  let n = 0;
  for (const c of text) {
    if (VOWELS.includes(c)) n++;
  }
  return n;
}

module.exports = { countVowels };
