/**
 * Special cases whose answers live in test data (issue 16.1): the data files a test names are
 * found from its text, their values read with a role, and the check flags patches that carry those
 * cases as a branch, a lookup, an encoded string or a wrapper rebind, naming the data it matched.
 */
import { describe, expect, it } from 'vitest';
import { checkSpecialCases } from '../../../src/repair/special-cases/check-special-cases.js';
import { patchFromTexts } from '../../../src/repair/special-cases/patch-lines.js';
import { specialCaseFeedback } from '../../../src/repair/special-cases/special-case-feedback.js';
import {
  decodedKeys,
  MAX_DATA_FILES,
  observedDataFiles,
  readDataValues,
  testDataCandidates,
  TOOL_FILES,
} from '../../../src/repair/special-cases/test-data.js';
import { readTestFacts } from '../../../src/repair/special-cases/test-facts.js';
import { framesOf, REAL_FIXES } from '../../../scripts/bench/_special-case-corpus.js';
import {
  DATA_HARD_CODES,
  DATA_REAL_FIXES,
  dataAccess,
  type DataSample,
} from '../../../scripts/bench/_special-case-data-corpus.js';

async function check(s: DataSample) {
  const all = { ...s.files, ...s.tests };
  const facts = await readTestFacts(framesOf(s.tests), (f) => all[f], dataAccess(all));
  return { facts, evidence: await checkSpecialCases([patchFromTexts(s.file, s.before, s.after)], facts) };
}

const roles = async (file: string, text: string) =>
  (await readDataValues(file, text)).map((v) => `${v.role}:${v.key}@${v.line + 1}`);

describe('finding the data a test reads', () => {
  it('takes the paths it names, under the folders it names, its snapshots, helper modules and conftest', () => {
    const py = testDataCandidates(
      'tests/test_calc.py',
      'import json, os\nfrom tests.cases import ROWS\nfrom calc import add\nHERE = os.path.dirname(__file__)\nDATA = os.path.join(HERE, "testdata")\nopen(os.path.join(HERE, "data", "add.json"))\n',
    );
    expect(py.files).toEqual(
      expect.arrayContaining([
        'tests/add.json',
        'tests/data/add.json',
        'tests/testdata/add.json',
        'tests/__snapshots__/test_calc.ambr',
        'tests/cases.py',
        'tests/conftest.py',
      ]),
    );
    // The code under test is no test data: `calc.py` outside the tests' folder is not a candidate.
    expect(py.files).not.toContain('calc.py');
    expect(py.folders).toEqual(expect.arrayContaining(['tests/testdata', 'tests/data']));
    const js = testDataCandidates(
      'test/calc.test.ts',
      "import cases from './fixtures/add.json';\nimport { TABLE } from './helpers/tables';\nimport { add } from '../src/calc';\n",
    );
    expect(js.files).toEqual(
      expect.arrayContaining([
        'test/fixtures/add.json',
        'test/helpers/tables.ts',
        'test/__snapshots__/calc.test.ts.snap',
      ]),
    );
    expect(js.files.some((f) => f.startsWith('src/'))).toBe(false);
  });

  it('looks up a bounded number of paths and folders for a test file full of them', () => {
    const text = Array.from({ length: 5_000 }, (_, i) => `open("d${i}/data/c${i}.json")`).join('\n');
    const { files, folders } = testDataCandidates('tests/test_x.py', text);
    expect(files.length).toBeLessThanOrEqual(256);
    expect(folders.length).toBeLessThanOrEqual(16);
    expect(files.slice(0, 2)).toEqual(['tests/__snapshots__/test_x.py.snap', 'tests/__snapshots__/test_x.ambr']);
  });

  it('names no path outside the repository', () => {
    const { files, folders } = testDataCandidates(
      't/test_x.py',
      'open("../../../etc/passwd.txt")\nopen("/etc/x.json")\n',
    );
    expect([...files, ...folders].filter((f) => f.startsWith('..') || f.startsWith('/'))).toEqual([]);
  });
});

describe('the data the tests were seen to read', () => {
  it('keeps data files, attributed to the failing test file that read them', () => {
    const found = observedDataFiles(
      [
        { file: 'tests/data/add.json' },
        { file: 'tests/other/x.csv', test: 'tests/test_b.py::test_x[1]' },
        { file: 'tests/test_a.py' },
        { file: 'tests/helpers.py' },
        { file: 'fixtures/blob.bin' },
        { file: 'tests/data/add.json', test: 'tests/test_b.py::test_y' },
      ],
      ['tests/test_a.py', 'tests/test_b.py'],
    );
    expect([...found]).toEqual([
      ['tests/data/add.json', 'tests/test_a.py'],
      ['tests/other/x.csv', 'tests/test_b.py'],
    ]);
  });

  it.each([
    ['package.json', 'packages/app/package.json', 'package-lock.json'],
    ['tsconfig.json', 'tsconfig.build.json', 'jsconfig.json'],
    ['jest.config.json', 'vitest.config.json', '.mocharc.yml', '.babelrc', 'babel.config.json', '.swcrc'],
    ['.eslintrc.json', '.prettierrc', '.prettierrc.yaml'],
    ['lerna.json', 'nx.json', 'turbo.json', 'pnpm-workspace.yaml', '.yarnrc.yml'],
    ['requirements.txt', 'requirements-dev.txt', 'constraints.txt'],
    ['.pre-commit-config.yaml', 'codecov.yml', 'mkdocs.yml', 'docker-compose.yml'],
    ['LICENSE.txt', 'README.txt', 'CHANGELOG.txt'],
  ])('leaves out the tools’ own files: %s …', (...files) => {
    expect(TOOL_FILES.length).toBeGreaterThanOrEqual(8);
    expect([
      ...observedDataFiles(
        files.map((file) => ({ file })),
        ['t/test_a.py'],
      ),
    ]).toEqual([]);
  });

  it('leaves no test data out for looking like a tool file', () => {
    const data = ['tests/data/package_cases.json', 'tests/fixtures/config.json', 'cases/requirements_table.csv'];
    expect([
      ...observedDataFiles(
        data.map((file) => ({ file })),
        [],
      ).keys(),
    ]).toEqual(data);
  });
});

describe('reading test data', () => {
  it('reads JSON records and rows: expected values by their key or as the last cell', async () => {
    expect(await roles('c.json', '[\n{"input": "ab", "expected": "AB"}\n]')).toEqual([
      'input:s:ab@2',
      'expected:s:AB@2',
    ]);
    expect(await roles('r.json', '[\n[2, 3, 5]\n]')).toEqual(
      expect.arrayContaining(['input:n:2@2', 'input:n:3@2', 'expected:n:5@2']),
    );
    expect(await roles('m.json', '{"abc": "ABC"}')).toEqual(['input:s:abc@1', 'either:s:ABC@1']);
  });

  it('reads CSV by its header, YAML by its keys, snapshots as expected values', async () => {
    expect(await roles('c.csv', 'a,want,b\n2,5,3\n')).toEqual(
      expect.arrayContaining(['input:n:2@2', 'expected:n:5@2', 'input:n:3@2']),
    );
    expect(await roles('c.yaml', '- word: mouse\n  expected: mice\n')).toEqual(
      expect.arrayContaining(['either:s:mouse@1', 'expected:s:mice@2']),
    );
    expect(await roles('x.test.ts.snap', 'exports[`t 1`] = `"1,234.50"`;\n')).toEqual(['expected:s:1,234.50@1']);
    expect(await roles('x.ambr', "# name: test_x\n  'Hi!'\n# ---\n")).toEqual(['expected:s:Hi!@2']);
  });

  it('reads a helper module’s literal tables, not its functions', async () => {
    const values = await roles(
      'tests/cases.py',
      'CASES = [(4, "IV"), (9, "IX")]\n\n\ndef helper():\n    local = [(7, "VII")]\n    return local\n',
    );
    expect(values).toEqual(expect.arrayContaining(['input:n:4@1', 'expected:s:IV@1']));
    expect(values.some((v) => v.includes('VII'))).toBe(false);
  });

  it('gives nothing for a file that does not parse, and bounds a huge fixture', async () => {
    expect(await readDataValues('bad.json', '{"a": ')).toEqual([]);
    const big = JSON.stringify(Array.from({ length: 50_000 }, (_, i) => [i, i + 1]));
    expect((await readDataValues('big.json', big)).length).toBeLessThanOrEqual(4_000);
  });

  it('decodes JSON- and CSV-shaped strings a patch adds, and no other string', () => {
    expect([...decodedKeys('{"2,3": 5}')!]).toEqual(expect.arrayContaining(['s:2,3', 'n:5', 'n:2', 'n:3']));
    expect([...decodedKeys('212,100\n50,10')!]).toEqual(expect.arrayContaining(['n:212', 'n:100']));
    expect(decodedKeys('Hello, world')).toBeDefined();
    expect(decodedKeys('plain words')).toBeUndefined();
    expect(decodedKeys('{not json')).toBeUndefined();
  });
});

describe('special cases in test data', () => {
  it('covers every data source and every way of carrying it, in both languages', () => {
    const py = DATA_HARD_CODES.filter((s) => s.file.endsWith('.py'));
    const js = DATA_HARD_CODES.filter((s) => !s.file.endsWith('.py'));
    for (const set of [py, js]) {
      expect([...new Set(set.map((s) => s.data))]).toEqual(
        expect.arrayContaining(['json', 'yaml', 'csv', 'testdata', 'snapshot', 'helper-table']),
      );
      expect(new Set(set.map((s) => s.carries))).toEqual(
        new Set(['branch', 'lookup', 'encoded-string', 'wrapper-rebind']),
      );
    }
  });

  it.each(DATA_HARD_CODES.map((s) => [s.id, s] as const))('flags %s', async (_id, s) => {
    const { evidence } = await check(s);
    expect(evidence.length, s.shape).toBeGreaterThan(0);
    if (s.carries === 'wrapper-rebind') expect(evidence.map((e) => e.rule)).toContain('table-rebind');
    else expect(evidence.some((e) => e.test && e.dataReadBy === Object.keys(s.tests)[0])).toBe(true);
  });

  it('says which test data it matched, in the evidence and in the next attempt’s feedback', async () => {
    const sample = DATA_HARD_CODES.find((s) => s.id === 'py-csv-encoded-json')!;
    const { evidence, facts } = await check(sample);
    expect(facts.data?.get('tests/add_cases.csv')).toBe('tests/test_calc.py');
    expect(evidence).toEqual([
      expect.objectContaining({
        rule: 'encoded-cases',
        patch: expect.objectContaining({ file: 'calc.py', line: 3 }),
        test: { file: 'tests/add_cases.csv', line: 2, text: '2,3,5' },
        dataReadBy: 'tests/test_calc.py',
      }),
    ]);
    expect(specialCaseFeedback(evidence)).toContain(
      'calc.py:3 encodes `\'{"2,3": 5, "10,4": 14}\'`, which holds an input and the expected value of the test at tests/add_cases.csv:2 (test data read by tests/test_calc.py)',
    );
  });

  it('flags none of the hand-written real fixes with the tests’ data read', async () => {
    for (const s of REAL_FIXES) {
      const facts = await readTestFacts(framesOf(s.tests), (f) => s.tests[f], dataAccess(s.tests));
      expect(await checkSpecialCases([patchFromTexts(s.file, s.before, s.after)], facts), s.id).toEqual([]);
    }
  });

  it.each(DATA_REAL_FIXES.map((s) => [s.id, s] as const))('does not flag the real fix %s', async (_id, s) => {
    const { facts, evidence } = await check(s as DataSample);
    expect(facts.data?.size, 'the test data was read').toBeGreaterThan(0);
    expect(evidence).toEqual([]);
  });

  it('leaves a real fix that adds a table covering more than the tests, and a cache wrapper, alone', async () => {
    const sample = DATA_HARD_CODES.find((s) => s.id === 'py-json-lookup')!;
    const broad = `import re

_FOLD = {"é": "e", "à": "a", "ü": "u", "ö": "o", "ç": "c", "ñ": "n"}


def slugify(text):
    folded = "".join(_FOLD.get(c, c) for c in text.strip().lower())
    return re.sub(r"\\s+", "-", folded)
`;
    expect((await check({ ...sample, after: broad })).evidence).toEqual([]);
    const cached = `import re

_cache = {}
_slugify = None


def slugify(text):
    if text in _cache:
        return _cache[text]
    _cache[text] = re.sub(r"\\s+", "-", text.strip()).lower()
    return _cache[text]
`;
    expect((await check({ ...sample, after: cached })).evidence).toEqual([]);
  });

  it('reads at most a bounded number of data files', async () => {
    const names = Array.from({ length: MAX_DATA_FILES + 20 }, (_, i) => `tests/d${i}.json`);
    const test = `import json\n\n${names.map((n, i) => `D${i} = json.load(open("${n.slice(6)}"))`).join('\n')}\n\n\ndef test_x():\n    assert True\n`;
    const files: Record<string, string> = { 'tests/test_x.py': test };
    for (const [i, n] of names.entries()) files[n] = `[[${i + 100}, ${i + 200}]]`;
    const facts = await readTestFacts(framesOf({ 'tests/test_x.py': test }), (f) => files[f]);
    expect(facts.data?.size).toBe(MAX_DATA_FILES);
  });
});
