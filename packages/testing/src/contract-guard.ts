/**
 * Holds a gateway a suite starts itself (`startGateway`, outside the QA kit's startTestGateway)
 * to its own /openapi.json: hand `contractCheck` to the gateway's options, and call
 * `assertHeld()` after each test (or when the suite ends) to fail on any answer the document
 * does not allow.
 *
 *   const contract = contractGuard();
 *   const gateway = await startGateway({ port: 0, contractCheck: contract.contractCheck });
 *   afterEach(() => contract.assertHeld());
 */
export interface ContractGuard {
  /** For `GatewayOptions.contractCheck`: collects each mismatch. */
  contractCheck(problem: string): void;
  /** Throws with every mismatch collected since the last call (and forgets them). */
  assertHeld(): void;
}

export function contractGuard(): ContractGuard {
  const mismatches: string[] = [];
  return {
    contractCheck: (problem) => void mismatches.push(problem),
    assertHeld() {
      if (mismatches.length > 0) throw new Error(`The gateway broke its contract (openapi.json):\n${mismatches.splice(0).join('\n')}`);
    },
  };
}
