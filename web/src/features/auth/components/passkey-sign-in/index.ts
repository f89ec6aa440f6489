export { PasskeySignInButton } from "./passkey-sign-in-button";
