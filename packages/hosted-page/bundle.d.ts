/** The folder of the built hosted payment page: index.html and assets/. */
export declare const hostedPageDir: string;
