// WorkerPool's test script: echoes `{ echo }`, answers an error for `{ fail }`, crashes the
// thread for `{ crash }`, never answers `{ hang }`, and says which thread it is for `{ who }`.
import { parentPort, threadId } from 'node:worker_threads';

parentPort.on('message', (task) => {
  if (task.crash) throw new Error('worker crashed');
  if (task.hang) return;
  if (task.fail) parentPort.postMessage({ ok: false, error: task.fail });
  else if (task.who) parentPort.postMessage({ ok: true, value: threadId });
  else parentPort.postMessage({ ok: true, value: task.echo });
});
