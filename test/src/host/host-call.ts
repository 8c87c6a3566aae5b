// Test helper: one host command, its value or its failure thrown as an error carrying the code.
import type { AgentHost } from '../../../src/host/index.ts'
import type { CommandKind, CommandOf, CommandResultMap } from '../../../src/protocol/index.ts'

export async function hostCall<K extends CommandKind>(host: AgentHost, command: CommandOf<K>): Promise<CommandResultMap[K]> {
  const reply = await host.call(command)
  if (!reply.ok) throw Object.assign(new Error(reply.message), { code: reply.code })
  return reply.value as CommandResultMap[K]
}
