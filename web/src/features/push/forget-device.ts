// Signing out forgets this browser as the member's device (decision 0338): whoever uses it next
// must not get their notifications. It never holds up signing out: 3 s at most, failures ignored
// (an unsubscribed endpoint answers 410 at its push service, and the push function then deletes
// the row). Loaded on demand by the header's "Sign out", outside the app shell's code.
import { forgetDevice } from "./api/push-api";
import { pushSupported, withTimeout } from "./push-support";

export async function forgetThisDevice(): Promise<void> {
  if (!pushSupported()) return;
  const forget = async () => {
    const registration = await navigator.serviceWorker.getRegistration();
    const subscription = await registration?.pushManager.getSubscription();
    if (!subscription) return;
    await forgetDevice(subscription.endpoint).catch(() => undefined);
    await subscription.unsubscribe();
  };
  await withTimeout(forget(), 3_000).catch(() => undefined);
}
