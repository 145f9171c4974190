/**
 * Work a frame does ahead of need (its first drawing and first layout while the host
 * connects) runs in tasks of their own at background priority, so the messages already
 * waiting for the frame (the host's handshake) are handled first: a message to the parent
 * leaves the process only when the task that posted it ends, and each handshake step waits
 * for the frame's previous task. Where `scheduler.postTask` is missing (Safari, older
 * Firefox), a plain task.
 */
interface PostTaskScheduler {
  postTask(callback: () => void, options: { priority: 'background' }): Promise<void>;
}

export function backgroundTask(callback: () => void): void {
  const scheduler = (globalThis as { scheduler?: PostTaskScheduler }).scheduler;
  if (scheduler?.postTask) void scheduler.postTask(callback, { priority: 'background' }).catch(() => undefined);
  else setTimeout(callback);
}
