/** FailureFrame values as the frame builder produces them, for feeding the engine directly. */
import type { FailureFrame, SourceLocation } from '../../../../src/contracts/failure-frame.js';

export function loc(file: string, line: number): SourceLocation {
  return { file, line };
}

export function frame(id: string, parts: Partial<FailureFrame> & { test: SourceLocation | null }): FailureFrame {
  const stack = parts.stack ?? (parts.triggering ? [parts.triggering] : []);
  return {
    id,
    suite: parts.suite ?? 'suite',
    name: parts.name ?? id,
    kind: parts.kind ?? 'failure',
    exceptionType: parts.exceptionType ?? 'AssertionError',
    message: parts.message ?? 'assertion failed',
    triggering: parts.triggering ?? stack.at(-1) ?? parts.test,
    test: parts.test,
    stack,
    droppedFrames: 0,
    locals: null,
    language: parts.language ?? 'python',
    evidence: ['junit'],
  };
}
