/**
 * saxes' error messages in the words a user of self-heal needs: what was found, what was expected,
 * and whether reading goes on (a recoverable problem) or stops (a fatal one).
 */
import { clipText } from './bounded-text.js';

/** Messages saxes reports for problems it recovers from; parsing goes on after them. */
export function recoverableProblem(message: string): string | undefined {
  switch (message) {
    case 'undefined entity.':
      return 'undefined entity reference, kept as literal text (entities declared in a DOCTYPE are never expanded)';
    case 'disallowed character in entity name.':
    case 'empty entity name.':
      return 'malformed entity reference, kept as literal text (expected &name; or &#number;)';
    case 'malformed character entity.':
      return 'character reference to a character XML does not allow, kept as literal text';
    case 'the string "]]>" is disallowed in char data.':
      return '"]]>" in text outside CDATA, kept as is';
    default:
      return message.startsWith('duplicate attribute:')
        ? `${message.replace(/\.$/, '')} (the last value is used)`
        : undefined;
  }
}

/** Explains saxes' fatal messages: what was found, what was expected. */
export function describeFatal(message: string): string {
  const unclosed = /^unclosed tag: (.*)$/.exec(message);
  if (unclosed) {
    const name = clipText(unclosed[1]!, 64);
    return `the report ends inside <${name}> (expected </${name}>): the file is truncated`;
  }
  switch (message) {
    case 'unexpected end.':
      return 'the report ends in the middle of markup: the file is truncated';
    case 'document must contain a root element.':
      return 'no XML element found (expected <testsuites> or <testsuite>)';
    case 'text data outside of root node.':
      return 'text outside the root element (expected "<"): not an XML report, or something was written after it';
    case 'documents may contain only one root.':
      return 'a second root element (expected the end of the document)';
    default:
      return `malformed XML: ${message.replace(/\.$/, '')}`;
  }
}
