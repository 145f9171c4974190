export interface PostgresCluster {
    /** postgres://… of the cluster's `postgres` database, for the `gateway` role (superuser, no password). */
    url: string;
    /** A URL for another database of the cluster (CREATE DATABASE it first). */
    urlOf(database: string): string;
    stop(): void;
}
export declare function startPostgresCluster(): Promise<PostgresCluster>;
