/**
 * Runs versioned requests against a worker one at a time, always with the newest input:
 * while a request is in flight, newer submissions replace each other as "next", and a
 * result whose version is older than the newest submitted one is dropped as stale —
 * unless the channel is `progressive`, which shows every result newer than the last it
 * showed: while keys come faster than the worker answers, the page still moves on with
 * each answer instead of showing nothing until the typing stops.
 * With `cancel`, a newer submission also asks the runner to abandon the one in flight;
 * a run abandoned that way rejects with RequestCancelled, which is not a failure.
 */

/** A run abandoned because a newer request replaced it. */
export class RequestCancelled extends Error {
  constructor() {
    super('cancelled: a newer request replaced it');
    this.name = 'RequestCancelled';
  }
}
export interface Versioned {
  readonly version: number;
}

export interface LatestRequestOptions<Req extends Versioned, Res extends Versioned> {
  readonly run: (request: Req) => Promise<Res>;
  /** Called with each result that is still current when it arrives (progressive: newer than the last one accepted). */
  readonly accept: (result: Res) => void;
  /** Called when a request fails (a worker error), with the request's version. */
  readonly fail?: (error: unknown, version: number) => void;
  /** Asked to abandon the request in flight, because a newer one is waiting. */
  readonly cancel?: () => void;
  /** Accept a result overtaken by a newer request too, when it is newer than the last accepted. */
  readonly progressive?: boolean;
}

export class LatestRequest<Req extends Versioned, Res extends Versioned> {
  private inFlight = false;
  private next: Req | null = null;
  private newest = -Infinity;
  private accepted = -Infinity;
  private readonly options: LatestRequestOptions<Req, Res>;

  constructor(options: LatestRequestOptions<Req, Res>) {
    this.options = options;
  }

  /** The newest version submitted so far. */
  get latestVersion(): number {
    return this.newest;
  }

  submit(request: Req): void {
    if (request.version > this.newest) this.newest = request.version;
    if (this.inFlight) {
      this.next = request;
      this.options.cancel?.();
      return;
    }
    void this.start(request);
  }

  private async start(request: Req): Promise<void> {
    this.inFlight = true;
    try {
      const result = await this.options.run(request);
      if (result.version >= (this.options.progressive ? this.accepted : this.newest)) {
        this.accepted = result.version;
        this.options.accept(result);
      }
    } catch (error) {
      if (!(error instanceof RequestCancelled)) this.options.fail?.(error, request.version);
    } finally {
      this.inFlight = false;
      const pending = this.next;
      this.next = null;
      if (pending) void this.start(pending);
    }
  }
}
