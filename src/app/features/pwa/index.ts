export { InstallButton } from "./InstallButton";
export { OnlineStatus } from "./OnlineStatus";
export { PwaPrompts } from "./PwaPrompts";
export { applyUpdate, isIos, promptInstall, startPwa, usePwa } from "./pwa-store";
