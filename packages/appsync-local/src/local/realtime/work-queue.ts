/**
 * Long deliveries in small steps: a job is a generator that yields after each unit of work (one
 * subscription visited); the queue runs at most `stepsPerTurn` units, then gives the event loop back
 * (setImmediate) so that requests and other connections are served between chunks. Jobs run one after
 * another, in the order queued, so deliveries keep their publish order.
 */
export interface WorkQueue {
  push(job: Iterator<unknown>): void;
}

export function createWorkQueue(stepsPerTurn: number): WorkQueue {
  const jobs: Iterator<unknown>[] = [];
  let scheduled = false;
  const run = () => {
    scheduled = false;
    let steps = 0;
    while (jobs.length > 0 && steps < stepsPerTurn) {
      if (jobs[0].next().done) jobs.shift();
      else steps += 1;
    }
    if (jobs.length > 0) schedule();
  };
  const schedule = () => {
    if (scheduled) return;
    scheduled = true;
    setImmediate(run);
  };
  return {
    push(job) {
      jobs.push(job);
      schedule();
    },
  };
}
