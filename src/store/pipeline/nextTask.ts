/**
 * Resolves in a new task, so the page can paint and take input between slices of a long
 * job. A message on a channel rather than setTimeout: a hidden tab throttles timers to
 * one a second, which would stretch a 40-slice job to 40 s.
 */
export function nextTask(): Promise<void> {
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => {
      channel.port1.close();
      resolve();
    };
    channel.port2.postMessage(null);
  });
}
