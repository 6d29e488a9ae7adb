/**
 * Long deliveries in small steps: a job is a generator that yields after each piece of work, with its
 * cost in units (nothing yielded: 1); the queue runs at most `unitsPerTurn` units, then gives the event loop back
 * (setImmediate) so that requests and other connections are served between chunks. Jobs run one after
 * another, in the order queued, so deliveries keep their publish order.
 */
export interface WorkQueue {
  push(job: Iterator<unknown>): void;
}

export function createWorkQueue(unitsPerTurn: number): WorkQueue {
  const jobs: Iterator<unknown>[] = [];
  let scheduled = false;
  const run = () => {
    scheduled = false;
    let units = 0;
    while (jobs.length > 0 && units < unitsPerTurn) {
      const step = jobs[0].next();
      if (step.done) jobs.shift();
      else units += typeof step.value === 'number' ? step.value : 1;
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
