import os from 'node:os'

/** The machine a benchmark ran on, printed and stored beside its figures. */
export interface Machine {
  /** CPU model as the OS reports it. */
  cpu: string
  /** Logical cores. */
  cores: number
  /** Total memory in GiB, one decimal. */
  memoryGiB: number
  /** Node.js version (`v20.20.2`). */
  node: string
  /** OS and kernel. */
  platform: string
  /**
   * 1, 5 and 15 minute load averages when the run started: figures taken on a busy machine are
   * noisy, and this says how busy it was.
   */
  loadAverage: [number, number, number]
}

const round = (n: number): number => Math.round(n * 100) / 100

/** Describes this machine. */
export function describeMachine(): Machine {
  const cpus = os.cpus()
  const [one = 0, five = 0, fifteen = 0] = os.loadavg()
  return {
    cpu: cpus[0]?.model.trim() ?? 'unknown',
    cores: cpus.length,
    memoryGiB: Math.round((os.totalmem() / 1024 ** 3) * 10) / 10,
    node: process.version,
    platform: `${os.platform()} ${os.release()}`,
    loadAverage: [round(one), round(five), round(fifteen)],
  }
}

/** One line for reports: `AMD EPYC, 2 cores, 7.8 GiB, Node v20.20.2, linux 6.1, load 1.20`. */
export function formatMachine(machine: Machine): string {
  return `${machine.cpu}, ${machine.cores} cores, ${machine.memoryGiB} GiB, Node ${machine.node}, ${machine.platform}, load average ${machine.loadAverage.join(' / ')}`
}
