function displayName(user) {
  const nickname = user.profile.nickname;
  return nickname || user.name;
}

module.exports = { displayName };
