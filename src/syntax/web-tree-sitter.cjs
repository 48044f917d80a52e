// A CommonJS door to web-tree-sitter's CommonJS build (see tree-sitter.ts). Plain properties, no
// `__esModule` flag, so a default import is this object both in Node and in ncc's bundle.
// Emscripten's loader reads `__dirname` when it starts; inside an ES-module bundle there is none,
// and the wasm is located through `locateFile` anyway, so any directory will do.
if (typeof __dirname === 'undefined') globalThis.__dirname = process.cwd();
const { Language, Parser } = require('web-tree-sitter');
module.exports = { Language, Parser };
