import type * as WebTreeSitter from 'web-tree-sitter';
declare const door: { Language: typeof WebTreeSitter.Language; Parser: typeof WebTreeSitter.Parser };
export = door;
