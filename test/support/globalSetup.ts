/**
 * Detects once whether a container runtime exists, so that the real-server suites (EventStoreDB, MongoDB
 * under testcontainers) run where Docker does and are skipped with a stated reason where it does not.
 * Workers inherit the environment set here.
 */
export default async function globalSetup(): Promise<void> {
  if (process.env.GEOLENS_DOCKER !== undefined) return;
  try {
    const { getContainerRuntimeClient } = await import('testcontainers');
    await getContainerRuntimeClient();
    process.env.GEOLENS_DOCKER = '1';
  } catch (error) {
    process.env.GEOLENS_DOCKER = '0';
    process.env.GEOLENS_DOCKER_REASON = error instanceof Error ? error.message.split('\n')[0] : String(error);
  }
}
