function retryDelay(attempt, baseMs = 100) {
  return baseMs * 2 * attempt;
}

module.exports = { retryDelay };
