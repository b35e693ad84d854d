import fs from 'node:fs';
import { PGlite, type PGliteOptions } from '@electric-sql/pglite';
import { NodeFS } from '@electric-sql/pglite/nodefs';

/**
 * PGlite on Node loses nothing when the process is killed (every write is a `write(2)` to the
 * files under its data directory before a commit is acknowledged), but by default nothing reaches
 * the disk either: it starts Postgres with `-F` (fsync off), and Emscripten's NODEFS has no fsync at
 * all (`fsync()` returns 0 without a syscall, `fdatasync()` is a stub). So an OS crash or a power cut
 * could lose acknowledged commits. This file system adds the missing `fsync` to NODEFS, and the
 * start parameters turn fsync on and make the WAL use `fsync()` rather than the stubbed
 * `fdatasync()`: a commit then returns only after its WAL is on disk, as on a real PostgreSQL.
 */
export class DurableNodeFS extends NodeFS {
  override async init(pg: PGlite, opts: Parameters<NodeFS['init']>[1]) {
    const result = await super.init(pg, opts);
    const { emscriptenOpts } = result;
    emscriptenOpts.preRun = [
      ...(emscriptenOpts.preRun ?? []),
      (mod) => addFsync((mod.FS as unknown as { filesystems: { NODEFS: Nodefs } }).filesystems.NODEFS),
    ];
    return result;
  }
}

/** PGlite's own start parameters, with fsync on and the WAL synced by `fsync()`. */
export const durableStartParams: string[] = [
  ...PGlite.defaultStartParams.filter((param) => param !== '-F'),
  ...['-c', 'fsync=on', '-c', 'wal_sync_method=fsync', '-c', 'synchronous_commit=on'],
];

/** Options for a PGlite whose data lives in `dataDir` and survives a crash of the process or machine. */
export function durablePGliteOptions(dataDir: string): Pick<PGliteOptions, 'fs' | 'startParams'> {
  return { fs: new DurableNodeFS(dataDir), startParams: durableStartParams };
}

interface NodefsNode {
  mode: number;
}
interface NodefsStream {
  node: NodefsNode;
  /** Node's file descriptor; NODEFS opens one for regular files only. */
  nfd?: number;
}
interface Nodefs {
  realPath(node: NodefsNode): string;
  tryFSOperation<T>(operation: () => T): T;
  stream_ops: { fsync?: (stream: NodefsStream) => number };
}

function addFsync(nodefs: Nodefs): void {
  nodefs.stream_ops.fsync = (stream) =>
    nodefs.tryFSOperation(() => {
      if (stream.nfd !== undefined) {
        fs.fsyncSync(stream.nfd);
        return 0;
      }
      // Postgres also syncs directories after creating or renaming files (WAL segments).
      const fd = fs.openSync(nodefs.realPath(stream.node), 'r');
      try {
        fs.fsyncSync(fd);
      } finally {
        fs.closeSync(fd);
      }
      return 0;
    });
}
