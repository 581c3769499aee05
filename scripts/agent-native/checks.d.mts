export function checkExecutable(file: string, target: { platform: 'linux' | 'macos' | 'windows'; arch: 'x64' | 'arm64' }): string[];
