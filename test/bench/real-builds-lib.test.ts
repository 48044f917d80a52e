import { describe, expect, it } from 'vitest';
import { cargoOffline, diagnosticsFound, withoutAnsi } from '../../scripts/bench/_real-builds-lib.js';

// dtolnay/itoa's Cargo.toml at 3182793^ (trimmed): an optional dependency, target-specific dev
// dependencies and a bench, none of which cargo can resolve offline.
const ITOA_MANIFEST = `[package]
name = "itoa"
version = "1.0.16"
rust-version = "1.38"

[dependencies]
no-panic = { version = "0.1", optional = true }

[target.'cfg(not(miri))'.dev-dependencies]
criterion = { version = "0.8", default-features = false }

[[bench]]
name = "bench"
harness = false

[package.metadata.docs.rs]
targets = ["x86_64-unknown-linux-gnu"]
`;

describe('cargoOffline', () => {
  it('drops dependency tables and benches, keeping an optional dependency as an empty feature', () => {
    const out = cargoOffline(ITOA_MANIFEST);
    expect(out).not.toMatch(/dependencies|criterion|\[\[bench\]\]|harness/);
    expect(out).toContain('[package]\nname = "itoa"');
    expect(out).toContain('[package.metadata.docs.rs]\ntargets = ["x86_64-unknown-linux-gnu"]');
    expect(out).toMatch(/\[features\]\nno-panic = \[\]\n$/);
  });

  it('leaves a manifest without dependencies as it is', () => {
    const manifest = '[package]\nname = "strsim"\nversion = "0.10.0"\n';
    expect(cargoOffline(manifest)).toBe(manifest);
  });
});

describe('diagnosticsFound', () => {
  const pinned = [
    {
      tool: 'prettier',
      code: null,
      file: 'src/punycode.ts',
      line: null,
      message: '',
      evidence: ['[warn] src/punycode.ts'],
    },
    {
      tool: 'tsc',
      code: 'TS2345',
      file: 'src/url.ts',
      line: 65,
      message: '',
      evidence: ['src/url.ts(65,24)', 'TS2345'],
    },
  ];

  it('reads through the colours of a CI log', () => {
    // Prettier 3.7 under CI=true, as the ufo-prettier-sequence scenario's log has it.
    const log = 'Checking formatting...\n[\u001b[33mwarn\u001b[39m] src/punycode.ts\n';
    expect(withoutAnsi(log)).toContain('[warn] src/punycode.ts');
    expect(diagnosticsFound(log, pinned)).toBe(1);
  });

  it('counts a diagnostic only when every evidence substring is there', () => {
    expect(diagnosticsFound('src/url.ts(65,24): error TS2322: …', pinned)).toBe(0);
    expect(diagnosticsFound("src/url.ts(65,24): error TS2345: Argument of type 'string | number'", pinned)).toBe(1);
    expect(diagnosticsFound('', [{ ...pinned[0]!, evidence: [] }])).toBe(0);
  });
});
