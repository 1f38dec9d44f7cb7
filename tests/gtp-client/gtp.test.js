// jpd gtp driven through Sabaki's GTP controller (@sabaki/gtp, the library the Sabaki GUI talks
// to engines with). Two checks:
//
// 1. On the finished records of corpus/real, loaded with `loadsgf`, `final_score` and
//    `final_status_list dead` are what `jpd score --format json` gives for the same rule set and
//    dead-stone source (the result of its verdict, its dead_points). By default a fixed subset
//    (every 24th record in path order, 16) under chinese with each source; JPD_GTP_FULL=1
//    takes every record under chinese and japanese (several minutes).
// 2. The same command script sent to GNU Go (/usr/games/gnugo --mode gtp): each answer has the
//    same form (success or failure, a score, a list of vertices, a colour). Without GNU Go this
//    check is skipped, unless CI or JPD_REQUIRE_GNUGO is set.
//
// The jpd binary: JPD_BIN, else target/release/jpd, else target/debug/jpd.

'use strict'

const { test } = require('node:test')
const assert = require('node:assert/strict')
const fs = require('node:fs')
const path = require('node:path')
const { execFileSync } = require('node:child_process')
const { Controller } = require('@sabaki/gtp')

const ROOT = path.resolve(__dirname, '..', '..')
const GNUGO = '/usr/games/gnugo'

function jpdBinary() {
  if (process.env.JPD_BIN) return path.resolve(process.env.JPD_BIN)
  for (const p of ['target/release/jpd', 'target/debug/jpd']) {
    const f = path.join(ROOT, p)
    if (fs.existsSync(f)) return f
  }
  throw new Error('no jpd binary: build it (cargo build --release) or set JPD_BIN')
}

const JPD = jpdBinary()
const FULL = process.env.JPD_GTP_FULL === '1'

function sgfFiles(dir) {
  const out = []
  for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, e.name)
    if (e.isDirectory()) out.push(...sgfFiles(p))
    else if (e.name.toLowerCase().endsWith('.sgf')) out.push(p)
  }
  return out
}

// Path order, as `jpd check` walks a folder (byte order of the relative paths).
const ALL = sgfFiles(path.join(ROOT, 'corpus', 'real'))
  .map(p => path.relative(ROOT, p))
  .sort((a, b) => (a < b ? -1 : a > b ? 1 : 0))
const RECORDS = FULL ? ALL : ALL.filter((_, i) => i % 24 === 0)
const RULES = FULL ? ['chinese', 'japanese'] : ['chinese']
const SOURCES = ['proven', 'estimate', 'record']

// `jpd score --format json` of every record at once: file -> its report.
function cliReports(rules, dead) {
  const out = execFileSync(
    JPD,
    ['score', '--quiet', '--format', 'json', '--rules', rules, '--dead', dead, ...RECORDS],
    { cwd: ROOT, maxBuffer: 1 << 30 }
  )
  const byFile = new Map()
  for (const r of JSON.parse(out)) byFile.set(r.file, r)
  return byFile
}

async function send(engine, line) {
  const [name, ...args] = line.split(' ')
  return engine.sendCommand({ name, args })
}

const words = s => s.split(/\s+/).filter(w => w !== '').sort()

test('the corpus has its records', () => {
  assert.equal(ALL.length, 367)
  assert.ok(RECORDS.length >= 15, `${RECORDS.length} records`)
})

for (const rules of RULES) {
  for (const dead of SOURCES) {
    test(`final_score and final_status_list dead equal jpd score (${rules}, --dead ${dead}, ${RECORDS.length} records)`, async () => {
      const expected = cliReports(rules, dead)
      const engine = new Controller(JPD, ['gtp', '--rules', rules, '--dead', dead], { cwd: ROOT })
      engine.start()
      try {
        for (const file of RECORDS) {
          const report = expected.get(file)
          assert.ok(report && !report.error, `${file}: jpd score gave no report`)
          const load = await send(engine, `loadsgf ${file}`)
          assert.ok(!load.error, `${file}: loadsgf: ${load.content}`)
          const score = await send(engine, 'final_score')
          assert.ok(!score.error, `${file}: final_score: ${score.content}`)
          assert.equal(score.content, report.verdict[0].result, `${file}: final_score`)
          const list = await send(engine, 'final_status_list dead')
          assert.ok(!list.error, `${file}: final_status_list: ${list.content}`)
          assert.deepEqual(words(list.content), [...report.dead_points].sort(), `${file}: dead stones`)
        }
      } finally {
        await engine.stop()
      }
    })
  }
}

// One script for both engines; the record is a 9x9 game of the corpus.
const SCRIPT = [
  'protocol_version',
  'name',
  'version',
  'known_command final_score',
  'known_command no_such_command',
  'boardsize 9',
  'clear_board',
  'komi 6.5',
  'play b E5',
  'play w E5',
  'play b Z9',
  'play purple D4',
  'play w D4',
  'undo',
  'undo',
  'undo',
  'boardsize 30',
  'no_such_command',
  'final_status_list zombie',
  'loadsgf /nonexistent/file.sgf',
  'loadsgf corpus/real/gnugo-3.8/9x9-4.sgf',
  'final_score',
  'final_status_list dead',
  'final_status_list alive',
  'final_status_list seki',
  'showboard',
  'genmove w'
]

const VERTEX = /^([A-HJ-Z]([1-9]|1[0-9]|2[0-5])|pass)$/i
const forms = {
  protocol_version: s => s === '2',
  name: s => s.length > 0,
  version: s => s.length > 0,
  known_command: s => s === 'true' || s === 'false',
  final_score: s => /^([BW]\+\d+(\.5|\.0)?|0)$/.test(s),
  final_status_list: s => s === '' || words(s).every(w => VERTEX.test(w)),
  loadsgf: s => s === 'black' || s === 'white',
  genmove: s => VERTEX.test(s),
  showboard: s => /\bA B C D E F G H J\b/.test(s)
}

async function transcript(engine) {
  const out = []
  for (const line of SCRIPT) out.push(await send(engine, line))
  return out
}

test('the answers have the form of GNU Go\'s to the same commands', async t => {
  if (!fs.existsSync(GNUGO)) {
    if (process.env.CI || process.env.JPD_REQUIRE_GNUGO) assert.fail(`GNU Go not found at ${GNUGO}`)
    t.skip(`SKIPPED: GNU Go not found at ${GNUGO} (apt-get install gnugo)`)
    return
  }
  const jpd = new Controller(JPD, ['gtp', '--rules', 'japanese'], { cwd: ROOT })
  const gnugo = new Controller(GNUGO, ['--mode', 'gtp', '--chinese-rules'], { cwd: ROOT })
  jpd.start()
  gnugo.start()
  try {
    const ours = await transcript(jpd)
    const theirs = await transcript(gnugo)
    SCRIPT.forEach((line, i) => {
      const name = line.split(' ')[0]
      const a = ours[i]
      const b = theirs[i]
      assert.equal(!!a.error, !!b.error, `${line}: jpd ${JSON.stringify(a)}, GNU Go ${JSON.stringify(b)}`)
      if (a.error) return
      const form = forms[name] || (s => s === '')
      assert.ok(form(a.content), `${line}: jpd's answer ${JSON.stringify(a.content)}`)
      assert.ok(form(b.content), `${line}: GNU Go's answer ${JSON.stringify(b.content)}`)
    })
  } finally {
    await jpd.stop()
    await gnugo.stop()
  }
})
