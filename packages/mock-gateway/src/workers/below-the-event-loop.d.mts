/** The nice value the decrypt threads run at (Linux). */
export declare const WORKER_NICENESS: number;
/** Lowers the calling thread's CPU priority below the event loop's; does nothing where it cannot. */
export declare function runBelowTheEventLoop(): void;
