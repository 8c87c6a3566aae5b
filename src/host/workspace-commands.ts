/**
 * The person's side of the shared workspace as host commands (`<dsh-workspace>`: list, read, write,
 * mkdir, rename, delete, watch, exec, kill; and the snapshot `<dsh-agent>` downloads). Loaded by
 * host/commands.ts on the first `workspace.*` command. Plane: worker. Contract: as runCommand's.
 * @module host/workspace-commands
 */
import type { CommandKind, CommandResultMap, HostCommand } from '../protocol/messages.ts'
import { HostError } from './errors.ts'
import type { CommandHost } from './types.ts'
import { workspaceSnapshot } from './workspace-snapshot.ts'
import { deleteWorkspace, listWorkspace, mkdirWorkspace, readWorkspaceFile, renameWorkspace, writeWorkspaceFile } from './workspace-files.ts'
import { execForPerson, killForPerson, setWatching } from './workspace-watch.ts'

/** The person's side of the shared workspace (`<dsh-workspace>`). */
export async function workspaceCommand(host: CommandHost, command: HostCommand): Promise<CommandResultMap[CommandKind]> {
  const runtime = await host.runtime()
  switch (command.kind) {
    case 'workspace.snapshot': return workspaceSnapshot(runtime)
    case 'workspace.list': return listWorkspace(runtime, command.path, command.offset)
    case 'workspace.read': return readWorkspaceFile(runtime, command.path)
    case 'workspace.write': return writeWorkspaceFile(runtime, command.path, command.text, command.baseVersion)
    case 'workspace.mkdir': return mkdirWorkspace(runtime, command.path)
    case 'workspace.rename': return renameWorkspace(runtime, command.from, command.to)
    case 'workspace.delete': return deleteWorkspace(runtime, command.path)
    case 'workspace.watch': return setWatching(host.sink, command.on, runtime)
    case 'workspace.exec': return execForPerson(runtime, command.command, command.workdir)
    case 'workspace.kill': return killForPerson(runtime, command.runId)
    default: throw new HostError('DSH_PROTOCOL_INVALID', `not a workspace command: ${command.kind}`)
  }
}
