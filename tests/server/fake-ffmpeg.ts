import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const dirs: string[] = [];

/**
 * An ffmpeg for the tests that notes each start (one line per render) and then is the real ffmpeg. `gated`: it
 * waits after noting its start until the test calls open(). `failing`: it fails (exit 1) instead of rendering.
 * Remove them with removeFakeFfmpegs() (afterEach).
 */
export function fakeFfmpeg({ gated = false, failing = false }: { gated?: boolean; failing?: boolean } = {}) {
  const dir = mkdtempSync(join(tmpdir(), 'ffmpeg-fake-'));
  dirs.push(dir);
  const log = join(dir, 'runs.log');
  const gate = join(dir, 'gate');
  const bin = join(dir, 'ffmpeg');
  // a gate left closed stops waiting once the fake is removed, so no test leaves a process behind
  const wait = gated ? `while [ ! -f '${gate}' ] && [ -d '${dir}' ]; do sleep 0.02; done\n` : '';
  const run = failing ? `echo 'fake ffmpeg: failing on purpose' >&2\nexit 1\n` : `exec ffmpeg "$@"\n`;
  writeFileSync(bin, `#!/bin/sh\necho start >> '${log}'\n${wait}${run}`, { mode: 0o755 });
  const started = () => {
    try {
      return readFileSync(log, 'utf8').split('\n').filter(Boolean).length;
    } catch {
      return 0;
    }
  };
  return { bin, started, open: () => writeFileSync(gate, '') };
}

export function removeFakeFfmpegs() {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
}
