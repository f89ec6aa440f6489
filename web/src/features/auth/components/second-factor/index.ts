export { SecondFactorStep } from "./second-factor-step";
