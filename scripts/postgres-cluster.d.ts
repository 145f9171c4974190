export interface PostgresCluster {
    /** postgres://… of the cluster's `postgres` database, for the `gateway` role (superuser, no password). */
    url: string;
    /** A URL for another database of the cluster (CREATE DATABASE it first). */
    urlOf(database: string): string;
    /**
     * Stops the server as an operator would (`pg_ctl stop -m fast`: every session is ended with
     * 57P01, new ones refused) and keeps its data; `resume()` starts it again on the same port.
     */
    pause(): void;
    resume(): void;
    stop(): void;
}
export declare function startPostgresCluster(): Promise<PostgresCluster>;
