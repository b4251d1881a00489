import { serverSettings, startProviderSim } from './index.ts';

/**
 * `npm start -w @tuzo/provider-sim`: runs the simulator on PROVIDER_SIM_PORT (default 4010) and prints the
 * credentials to put in the server's environment (MPESA_*, FLW_*).
 */
async function main(): Promise<void> {
  const port = Number(process.env.PROVIDER_SIM_PORT ?? 4010);
  const sim = await startProviderSim({
    port,
    host: process.env.PROVIDER_SIM_HOST ?? '127.0.0.1',
    logger: { level: process.env.LOG_LEVEL ?? 'info' },
    mpesa: {
      consumerKey: process.env.MPESA_CONSUMER_KEY ?? 'sim-consumer-key',
      consumerSecret: process.env.MPESA_CONSUMER_SECRET ?? 'sim-consumer-secret',
      shortcode: process.env.MPESA_SHORTCODE ?? '174379',
      passkey: process.env.MPESA_PASSKEY ?? 'sim-passkey',
      b2cShortcode: process.env.MPESA_B2C_SHORTCODE ?? '600000',
    },
    flutterwave: {
      secretKey: process.env.FLW_SECRET_KEY ?? 'FLWSECK_TEST-sim-X',
      secretHash: process.env.FLW_SECRET_HASH ?? 'sim-secret-hash',
      ...(process.env.FLW_WEBHOOK_URL ? { webhookUrl: process.env.FLW_WEBHOOK_URL } : {}),
    },
  });
  const settings = Object.entries(serverSettings(sim)).map(([name, value]) => `${name}=${value}`);
  console.log(`Provider simulator on ${sim.url}
  ${settings.slice(0, 5).join(' ')}
  ${settings.slice(5, 8).join(' ')}
  ${settings.slice(8).join(' ')}
  Flutterwave webhooks go to ${process.env.FLW_WEBHOOK_URL ?? '(none: set FLW_WEBHOOK_URL=http://localhost:3000/hooks/flutterwave)'}`);
  const stop = () => void sim.close().then(() => process.exit(0));
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
