/**
 * Work a frame does ahead of need (a form's first height report, form-controller.ts) runs in
 * a task of its own at background priority, so the messages already waiting for the frame
 * (the host's) are handled first: a message to the parent leaves the process only when the
 * task that posted it ends. Where `scheduler.postTask` is missing (Safari, older Firefox), a
 * plain task.
 */
interface PostTaskScheduler {
  postTask(callback: () => void, options: { priority: 'background' }): Promise<void>;
}

export function backgroundTask(callback: () => void): void {
  const scheduler = (globalThis as { scheduler?: PostTaskScheduler }).scheduler;
  if (scheduler?.postTask) void scheduler.postTask(callback, { priority: 'background' }).catch(() => undefined);
  else setTimeout(callback);
}
