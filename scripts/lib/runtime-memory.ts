/** Memory of the Workers runtime a benchmark started, read from /proc (Linux). */
import { readdirSync, readFileSync } from 'node:fs';

const parentOf = (pid: string) => readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ')[1]!;

/** The workerd processes below `rootPid` (our wrangler), not other workers on the machine. */
function runtimePids(rootPid: number) {
  return readdirSync('/proc')
    .filter((pid) => /^\d+$/.test(pid))
    .filter((pid) => {
      try {
        if (!readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes('workerd')) return false;
        for (let p = pid; p !== '0' && p !== '1'; p = parentOf(p)) if (p === String(rootPid)) return true;
      } catch {
        // the process ended while we looked
      }
      return false;
    });
}

/** Peak (VmHWM) or current (VmRSS) resident memory of those processes, in KB. */
export const runtimeMemoryKb = (rootPid: number, field: 'VmHWM' | 'VmRSS') =>
  runtimePids(rootPid).reduce((sum, pid) => sum + Number(readFileSync(`/proc/${pid}/status`, 'utf8').match(new RegExp(`${field}:\\s+(\\d+)`))![1]), 0);
