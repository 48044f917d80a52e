const HOUR = 3600000;

function addDays(date, days) {
  return new Date(date.getTime() + days * HOUR);
}

function isWeekend(date) {
  const day = date.getUTCDay();
  return day === 0 || day === 6;
}

module.exports = { addDays, isWeekend };
