/**
 * dsh's own session store and JSONL persistence, driven from a child process (dsh needs Node
 * ≥ 22.19): reads a JSON array of requests on stdin and answers a JSON array on stdout, one answer
 * per request in order (a failed request answers `{error}`). Used only by
 * test/src/session/dsh-interop.spec.ts.
 *   {op:'read', root, text}
 *     writes `text` (a dsh-agent export) where dsh keeps that session, then dsh's reader loads it
 *     (`sessionPersistence.load`: format, known types, repair, surface replay) → {header, events, raw}
 *   {op:'write', root, header, events, compression, packChunks}
 *     dsh's writer (`sessionPersistence.create` + `append`) stores exactly these events → {file, raw}
 *   {op:'replay', root, header, events}
 *     dsh's `Session.append` builds each event anew (its own envelope, key order and times), written
 *     uncompressed and unpacked → {raw}
 * @module test/dsh-interop/dsh-io
 */
import { mkdir, writeFile } from 'node:fs/promises'
import { dirname } from 'node:path'
import { Context } from '@deepseek-ai/cordis'
import SessionStore from '@deepseek-ai/dsh-session'
import JsonlSessionPersistence from '@deepseek-ai/dsh-session-persistence-jsonl'

async function withDsh(config, use) {
  const ctx = new Context()
  await ctx.plugin(SessionStore)
  const fiber = await ctx.plugin(JsonlSessionPersistence, config)
  try {
    return await use(ctx)
  } finally {
    await fiber.dispose()
  }
}

/** dsh's SessionHeader is the header line without its `type` tag. */
function dshHeader(line) {
  const { type: _type, ...header } = line
  return header
}

async function read({ root, text }) {
  const meta = dshHeader(JSON.parse(text.slice(0, text.indexOf('\n'))))
  return withDsh({ root, compression: 'none' }, async ({ sessionPersistence }) => {
    const file = sessionPersistence.locate(meta).path
    await mkdir(dirname(file), { recursive: true })
    await writeFile(file, text)
    const loaded = await sessionPersistence.load(meta.id)
    return { header: loaded.meta, events: loaded.events, raw: (await sessionPersistence.readRaw(meta.id)).content }
  })
}

async function write({ root, header, events, compression, packChunks }) {
  const meta = dshHeader(header)
  return withDsh({ root, compression, packChunks }, async ({ sessionPersistence }) => {
    await sessionPersistence.create(meta)
    await sessionPersistence.append(meta.id, events)
    return { file: sessionPersistence.locate(meta).path, raw: (await sessionPersistence.readRaw(meta.id)).content }
  })
}

async function replay({ root, header, events }) {
  const meta = dshHeader(header)
  return withDsh({ root, compression: 'none', packChunks: false }, async ({ sessions, sessionPersistence }) => {
    const session = sessions.create(meta.id, { meta })
    for (const { type, data, surfaceOp, sourceEventSeqs } of events) {
      const intent = surfaceOp === undefined ? [] : [{ surfaceOp, ...(sourceEventSeqs === undefined ? {} : { sourceEventSeqs }) }]
      session.append(type, data, ...intent)
    }
    await sessions.flush(session)
    return { raw: (await sessionPersistence.readRaw(meta.id)).content }
  })
}

const OPS = { read, write, replay }

let input = ''
for await (const chunk of process.stdin) input += chunk
const answers = []
for (const request of JSON.parse(input)) {
  try {
    answers.push(await OPS[request.op](request))
  } catch (error) {
    answers.push({ error: error instanceof Error ? error.message : String(error) })
  }
}
process.stdout.write(JSON.stringify(answers))
