// WorkerPool's test script: echoes `{ echo }`, answers an error for `{ fail }`, crashes the
// thread for `{ crash }`, never answers `{ hang }`, says which thread it is for `{ who }`, and
// for `{ clock }` answers when it started the task (ms since the epoch, as the main thread's
// performance.timeOrigin + performance.now()), after keeping the thread busy `busy` ms.
import { parentPort, threadId } from 'node:worker_threads';

const now = () => performance.timeOrigin + performance.now();

parentPort.on('message', (task) => {
  if (task.clock) {
    const started = now();
    while (now() - started < (task.busy ?? 0));
    parentPort.postMessage({ ok: true, value: started });
    return;
  }
  if (task.crash) throw new Error('worker crashed');
  if (task.hang) return;
  if (task.fail) parentPort.postMessage({ ok: false, error: task.fail });
  else if (task.who) parentPort.postMessage({ ok: true, value: threadId });
  else parentPort.postMessage({ ok: true, value: task.echo });
});
