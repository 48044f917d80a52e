/**
 * Issue 24, point 5: a report the runner did not write as it did in the baseline is not trusted.
 * Calibrated on the real producers' fixtures (test/fixtures/junit/, written by the real runners):
 * every report of a producer, failing or passing, is trusted against any other of the same
 * producer; the ways a report is forged or rewritten are not.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseJUnitReports } from '../../src/reports/junit/parse-junit.js';
import { createReportTrust, fingerprint, fingerprintReports } from '../../src/loop/report-trust.js';

const JUNIT = path.join(import.meta.dirname, '..', 'fixtures', 'junit');
const PRODUCERS = [
  'pytest',
  'pytest-rerunfailures',
  'vitest',
  'jest',
  'mocha',
  'node-test',
  'go-junit-report',
  'gotestsum',
  'surefire',
  'failsafe',
  'gradle',
  'cargo',
  'nextest',
  'phpunit',
  'catch2',
  'playwright',
];

function reportsOf(producer: string): string[] {
  return readdirSync(path.join(JUNIT, producer))
    .filter((f) => f.endsWith('.xml') && !f.startsWith('pom'))
    .map((f) => `${producer}/${f}`);
}

async function printsOf(files: string[]) {
  const run = await parseJUnitReports(files, JUNIT);
  return fingerprintReports(run.reports, run.cases, JUNIT);
}

describe('the runner’s own reports are trusted', () => {
  it.each(PRODUCERS)('%s: each report against each other of its producer', async (producer) => {
    const files = reportsOf(producer);
    expect(files.length).toBeGreaterThan(0);
    for (const learned of files) {
      const trust = createReportTrust();
      trust.learn(await printsOf([learned]), 'full');
      for (const other of files)
        expect(trust.check(await printsOf([other]), 'full'), `${learned} → ${other}`).toBeNull();
    }
  });

  it('a failing pytest run teaches what its passing run writes (the features do not follow results)', async () => {
    const trust = createReportTrust();
    trust.learn(await printsOf(['pytest/flaky-run1.xml']), 'targeted');
    expect(trust.check(await printsOf(['pytest/flaky-run2.xml']), 'targeted')).toBeNull();
  });

  it('nothing learned (no baseline run of the command here): nothing is judged', () => {
    expect(createReportTrust().check([fingerprint('r.xml', '<testsuites/>')], 'full')).toBeNull();
  });
});

describe('a report the runner did not write as it did is not trusted', () => {
  it('a second report beside the runner’s, however well forged', () => {
    const runner = { ...fingerprint('reports/junit.xml', PYTEST), dialect: 'pytest' };
    const copy = { ...runner, file: 'reports/junit-extra.xml' };
    expect(learned().check([runner, copy], 'targeted')).toMatch(/wrote 2 reports where the test runner wrote 1/);
    // A full run writes as many as the baseline's full run did (one per class, for surefire).
    const trust = learned();
    trust.learn([runner, copy], 'full');
    expect(trust.check([runner, copy], 'full')).toBeNull();
  });

  const PYTEST = readFileSync(path.join(JUNIT, 'pytest', 'flaky-run1.xml'), 'utf8');
  const learned = () => {
    const trust = createReportTrust();
    trust.learn([{ ...fingerprint('reports/junit.xml', PYTEST), dialect: 'pytest' }], 'targeted');
    return trust;
  };

  it('failures stripped after the runner wrote them (the suite still declares one)', () => {
    const stripped = PYTEST.replace(/<failure[\s\S]*?<\/failure>/g, '');
    expect(learned().check([{ ...fingerprint('reports/junit.xml', stripped), dialect: 'pytest' }], 'targeted')).toMatch(
      /declares failures but holds no `<failure>`/,
    );
  });

  it('rewritten by a library that writes its own declaration and layout (ElementTree, minidom)', () => {
    const elementTree = PYTEST.replace(
      '<?xml version="1.0" encoding="utf-8"?>',
      "<?xml version='1.0' encoding='utf-8'?>\n",
    );
    expect(
      learned().check([{ ...fingerprint('reports/junit.xml', elementTree), dialect: 'pytest' }], 'targeted'),
    ).toMatch(/starts with .*which the test runner did not write/);
    const pretty = PYTEST.replace('<testsuites name="pytest tests">', '<testsuites name="pytest tests">\n  ');
    expect(learned().check([{ ...fingerprint('reports/junit.xml', pretty), dialect: 'pytest' }], 'targeted')).toMatch(
      /laid out differently/,
    );
  });

  it('written by a script instead of the runner', () => {
    const fake =
      '<?xml version="1.0" encoding="utf-8"?><testsuite name="all" tests="2" failures="0"><testcase classname="tests.test_calc" name="test_add"/></testsuite>';
    expect(learned().check([{ ...fingerprint('reports/fake.xml', fake), dialect: 'generic' }], 'targeted')).toMatch(
      /`reports\/fake\.xml` has the root element `<testsuite>`/,
    );
  });

  it('another producer’s report beside the runner’s', () => {
    const vitest = readFileSync(path.join(JUNIT, 'vitest', 'junit.xml'), 'utf8').replace(
      '<?xml version="1.0" encoding="UTF-8" ?>',
      '<?xml version="1.0" encoding="utf-8"?>',
    );
    const print = { ...fingerprint('reports/extra.xml', vitest), spacing: '', dialect: 'vitest' };
    expect(learned().check([print], 'targeted')).toMatch(
      /reads as written by vitest, not by the test runner of the baseline \(pytest\)/,
    );
  });
});
