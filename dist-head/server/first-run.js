/** Shown once, when a new data directory is created: the DEMO test pair and a curl to try. */
export function printFirstRun(url, pair) {
    console.log('');
    console.log('First start: created merchant DEMO with a ₦1,000,000.00 test wallet. Its TEST credentials (shown once):');
    console.log(`  X-Merchant-Key:    ${pair.key}`);
    console.log(`  X-Merchant-Secret: ${pair.secret}`);
    console.log('Try it:');
    console.log(`  curl -s ${url}/v1/wallet/balance -H 'X-Merchant-Key: ${pair.key}' -H 'X-Merchant-Secret: ${pair.secret}'`);
    console.log('');
}
//# sourceMappingURL=first-run.js.map