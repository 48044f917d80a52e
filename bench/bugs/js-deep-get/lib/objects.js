function get(object, path) {
  return path.split('.').reduce((value, key) => value[key], object);
}

module.exports = { get };
