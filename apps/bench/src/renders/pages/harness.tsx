/**
 * The page every render benchmark runs in: the candidate field inside a sign-up form, with
 * siblings around it (a header, the rest of the form, a list of 100 items), each subtree in its
 * own `<Profiler>`. The field keeps its value in its own state, as an app would to submit it, so a
 * keystroke should re-render the field and nothing else.
 *
 * Bundled for the browser by `build-pages.ts` (React's profiling build, production mode).
 */
import { Profiler, type ProfilerOnRenderCallback, type ReactNode } from 'react'
import { createRoot } from 'react-dom/client'

/** One React commit seen by a `<Profiler>`. */
export interface CommitRecord {
  /** `candidate`, or the sibling's id. */
  id: string
  /** `mount`, `update` or `nested-update` (a state update in a layout effect: a second commit). */
  phase: string
  /** Index of the key pressed last before this commit (-1 before typing). */
  key: number
  /** Time spent rendering the subtree, ms. */
  actualDuration: number
  /** When React committed (same clock as `performance.now()`). */
  commitTime: number
}

/** One key press seen by the page. */
export interface KeyRecord {
  key: string
  /** `keydown` event's `timeStamp`: when the key reached the page. */
  at: number
  /** From `at` to the task after the next animation frame, i.e. after that frame's paint. */
  toPaint?: number
}

/** What the page exposes to the driver as `window.hakikiBench`. */
export interface BenchState {
  ready: boolean
  commits: CommitRecord[]
  keys: KeyRecord[]
  /** Forgets everything recorded so far (mount and focus commits). */
  reset(): void
  /** Resolves after two animation frames and a task: every commit and paint a key causes is done. */
  settle(): Promise<void>
}

declare global {
  interface Window {
    hakikiBench?: BenchState
  }
}

function SiteHeader() {
  return (
    <header>
      <h1>Create your account</h1>
      <nav>
        <a href="#help">Help</a> · <a href="#privacy">Privacy</a>
      </nav>
    </header>
  )
}

function FormRest() {
  return (
    <>
      <label>
        <input type="checkbox" name="terms" /> I accept the terms
      </label>
      <button type="submit">Continue</button>
    </>
  )
}

function ItemList() {
  return (
    <ul>
      {Array.from({ length: 100 }, (_, i) => (
        <li key={i}>
          Item {i + 1}: <strong>{(i * 7) % 13}</strong> in stock
        </li>
      ))}
    </ul>
  )
}

/** Mounts `candidate` in the benchmark page and exposes `window.hakikiBench` to the driver. */
export function mountBench(candidate: ReactNode): void {
  const state: BenchState = {
    ready: false,
    commits: [],
    keys: [],
    reset() {
      state.commits = []
      state.keys = []
    },
    settle: () =>
      new Promise<void>((resolve) => {
        requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(resolve, 0)))
      }),
  }
  window.hakikiBench = state
  document.addEventListener(
    'keydown',
    (event) => {
      const record: KeyRecord = { key: event.key, at: event.timeStamp }
      state.keys.push(record)
      // rAF callbacks run just before the frame is painted; a message posted from one is handled
      // in the first task after that frame: the usual "next paint" probe.
      requestAnimationFrame(() => {
        const channel = new MessageChannel()
        channel.port1.addEventListener('message', () => {
          record.toPaint = performance.now() - record.at
        })
        channel.port1.start()
        channel.port2.postMessage(null)
      })
    },
    { capture: true },
  )
  const onRender: ProfilerOnRenderCallback = (id, phase, actualDuration, _base, _start, commitTime) => {
    state.commits.push({ id, phase, key: state.keys.length - 1, actualDuration, commitTime })
  }
  const root = document.getElementById('root')
  if (!root) throw new Error('no #root')
  createRoot(root).render(
    <main>
      <Profiler id="header" onRender={onRender}>
        <SiteHeader />
      </Profiler>
      <form onSubmit={(event) => event.preventDefault()}>
        <Profiler id="candidate" onRender={onRender}>
          {candidate}
        </Profiler>
        <Profiler id="form-rest" onRender={onRender}>
          <FormRest />
        </Profiler>
      </form>
      <Profiler id="list" onRender={onRender}>
        <ItemList />
      </Profiler>
    </main>,
  )
  void state.settle().then(() => {
    state.ready = true
  })
}
