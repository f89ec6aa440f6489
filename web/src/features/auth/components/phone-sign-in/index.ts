export { phoneEnabledQuery } from "./phone-enabled";
export { PhoneSignInForm } from "./phone-sign-in-form";
