export interface paths {
    "/api/account": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The signed-in account */
        get: operations["getAccount"];
        /** Change names, e-mail (verified again) or password (needs the current one) */
        put: operations["updateAccount"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/account/debug": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** A small health record for the signed-in user */
        get: operations["getAccountDebug"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/account/delete": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Delete the account and everything in it (header X-Account-Action: delete) */
        post: operations["deleteAccount"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/api-keys": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Your live API keys, newest first (never the keys themselves: the last four characters and when each was last used) */
        get: operations["listApiKeys"];
        put?: never;
        /** Create an API key (Premium; at most 10). The answer is the only time the key is shown */
        post: operations["createApiKey"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/api-keys/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /** Revoke an API key: it stops working at once */
        delete: operations["revokeApiKey"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/auth/email-status": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The signed-in user's address and whether it is verified */
        get: operations["getEmailStatus"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/auth/google-login": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Sign in with a Google ID token */
        post: operations["loginWithGoogle"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/auth/login": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Sign in with e-mail and password */
        post: operations["login"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/auth/logout": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** End this session: its access and refresh tokens stop working */
        post: operations["logout"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/auth/refresh": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Trade a refresh token for a new access token and a new refresh token */
        post: operations["refreshSession"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/auth/register": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Create an account and mail a verification link; answers alike whether or not the address has an account */
        post: operations["register"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/auth/resend-verification": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Mail a new verification link to the signed-in user */
        post: operations["resendVerification"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/auth/reset-password": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Complete a mailed reset link with a new password */
        post: operations["resetPassword"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/auth/reset-password-request": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Mail a password reset link (answers the same whether or not the account exists) */
        post: operations["requestPasswordReset"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/auth/undo-email-change": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** The link mailed to the old address after an e-mail change: put it back, sign out everywhere, clear the password */
        post: operations["undoEmailChange"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/auth/verify": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Is this access token still good */
        get: operations["verifySession"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/auth/verify-email": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Complete a mailed verification link */
        post: operations["verifyEmail"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/client/agent": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The headless device agent: one JavaScript file for Node >= 20 (node loadout-agent.mjs enroll LINK); its SHA-256 in X-Checksum-SHA256, its signature in X-Signature-Ed25519 */
        get: operations["downloadHeadlessAgent"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/client/agent/{platform}/{arch}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** A native agent build: the bare executable, or with format a package (deb, msi, tar.gz); its SHA-256 in X-Checksum-SHA256, its signature in X-Signature-Ed25519 */
        get: operations["downloadNativeAgent"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/client/agent/releases": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The agent builds this server serves, each with its download address, size, SHA-256 and signature; the release public key; which desktop installers exist */
        get: operations["listAgentReleases"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/client/download-client/{platform}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The desktop client installer for a platform; arch x64, arm64 or auto */
        get: operations["downloadDesktopClient"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/config": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** What the web app needs before sign-in */
        get: operations["getConfig"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/device-tokens": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Generate a registration token (admin devices; maxUses 1..free seats; 10 per hour) */
        post: operations["createDeviceToken"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/device-tokens/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /** Revoke a registration token */
        delete: operations["revokeDeviceToken"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/devices": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Active devices, seats and cooldowns */
        get: operations["listDevices"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/devices/{id}/admin-status": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Grant or revoke admin (admin devices only) */
        post: operations["setDeviceAdminStatus"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/devices/{id}/check-ins": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** A machine's check-ins, newest first: its agent connecting and its inventories with the versions that changed (Premium) */
        get: operations["listDeviceCheckIns"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/devices/{id}/drift": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** How one machine differs from all its groups' lists */
        get: operations["getDeviceDrift"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/devices/{id}/followed-lists": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The lists this device keeps in sync with */
        get: operations["listFollowedLists"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/devices/{id}/force-delete": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /** Remove a deactivated device's record */
        delete: operations["forceDeleteDevice"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/devices/{id}/generations": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The machine's generations, newest first: its apps and versions after each change Loadout made, and what changed */
        get: operations["listGenerations"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/devices/{id}/generations/{number}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** One generation with every app and version the machine had after it */
        get: operations["getGeneration"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/devices/{id}/generations/{number}/rollback": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Roll the machine back to this generation: only the plan's steps for the apps named run */
        post: operations["rollBack"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/devices/{id}/generations/{number}/rollback/preview": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** What rolling the machine back to this generation would install, change and remove, and what its managers cannot take back */
        post: operations["previewRollback"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/devices/{id}/held-updates/{appId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /** Offer an update again that ran and left the app at its version: the hold goes and the machine is asked for its apps (nothing held: nothing changes) */
        delete: operations["releaseHeldUpdate"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/devices/{id}/inventory": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The catalogue apps the device's agent found installed */
        get: operations["getDeviceInventory"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/devices/{id}/inventory/refresh": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** "Check now": ask the connected agent for a fresh inventory (400 not an enrolled machine, 409 offline, 429 asked moments ago) */
        post: operations["refreshDeviceInventory"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/devices/{id}/name": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /** Rename a device */
        put: operations["renameDevice"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/devices/{id}/removal-checks": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Ask the machine's agent what uninstalling an app would remove, changing nothing (400 not an enrolled machine, 404 no such app, 409 offline) */
        post: operations["createRemovalCheck"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/devices/{id}/removal-checks/{checkId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The answer to a removal check: every package the uninstall would remove, or why the agent refuses it */
        get: operations["getRemovalCheck"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/devices/{id}/searches": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Search the machine's package managers through its agent; a newer search replaces the device's running one (400 bad query or not an enrolled machine, 409 offline, 429 too many) */
        post: operations["createDeviceSearch"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/devices/{id}/searches/{searchId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** What each package manager of the machine found so far, and whether the search is over */
        get: operations["getDeviceSearch"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/devices/{id}/uninstall": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Ask an enrolled machine to remove its client */
        post: operations["uninstallDeviceClient"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/devices/{id}/update-policy": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The policy that decides this machine's updates and why, with its next window on the machine's clock */
        get: operations["getDeviceUpdatePolicy"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/devices/audit": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Every change to your devices, newest first */
        get: operations["listDeviceAudit"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/devices/check": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Registration status of the X-Device-ID device */
        get: operations["checkDeviceRegistration"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/devices/deactivate": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Deactivate a device (admin devices only; protection period, cooldown and rate limit apply) */
        post: operations["deactivateDevice"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/devices/deactivate-current": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Deactivate this device and end its sessions */
        post: operations["deactivateCurrentDevice"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/devices/logout-notifications": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Unshown logout notices for the X-Device-ID device (marked shown) */
        get: operations["listLogoutNotifications"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/devices/ping": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Heartbeat (every 300 s) */
        post: operations["pingDevice"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/devices/register": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Register this browser (deviceId = X-Device-ID); DEVICE_LIMIT_REACHED past the plan */
        post: operations["registerDevice"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/devices/register-primary": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Register this browser, id from X-Device-ID */
        post: operations["registerPrimaryDevice"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/devices/set-current": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Bind this session to one of your devices (X-Device-Secret: that device's secret) */
        post: operations["setCurrentDevice"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/devices/update-status": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Activity update (every 60 s, on visibility change, load and unload); records the event */
        post: operations["updateDeviceStatus"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/events": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Server-sent events for this user: {topic, id} when an installation or device changes (Accept: text/event-stream) */
        get: operations["streamEvents"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/feedback": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Send feedback (at most 10 an hour per user) */
        post: operations["sendFeedback"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/gallery": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Public lists, newest or most copied first, a page at a time */
        get: operations["listGallery"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/groups": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Your device groups, with their members, lists and drift counts */
        get: operations["listGroups"];
        put?: never;
        /** Create a device group, with an optional rule whose matching machines join it (GROUP_EXISTS, GROUP_LIMIT_REACHED) */
        post: operations["createGroup"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/groups/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** A device group with its machines and lists */
        get: operations["getGroup"];
        put?: never;
        post?: never;
        /** Delete a group: its machines keep every app, its tokens enrol into no group */
        delete: operations["deleteGroup"];
        options?: never;
        head?: never;
        /** Rename a group or change its rule (machines it matches join and get the group's lists; those it brought in and no longer matches leave) */
        patch: operations["updateGroup"];
        trace?: never;
    };
    "/api/groups/{id}/bring-back": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Bring the members (all, or those named) back in line: installs what is missing or off its pin, updates what is out of date */
        post: operations["bringBackInLine"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/groups/{id}/bring-back/preview": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** What bringing the members (all, or those named) back in line would install and update; extra apps are listed, never removed */
        post: operations["previewBringBack"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/groups/{id}/drift": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** How each member differs from the group's lists (missing, extra, outdated, off its pin), from the inventories already reported */
        get: operations["getGroupDrift"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/groups/{id}/lists/{listId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /** Add a list to the group's desired state: it is installed on every member now, and its later apps too (GROUP_LIST_LIMIT) */
        put: operations["addGroupList"];
        post?: never;
        /** Take a list out of the group's desired state (nothing is uninstalled) */
        delete: operations["removeGroupList"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/groups/{id}/members/{deviceId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /** Add an enrolled machine to the group by hand; the group's lists are installed there (DEVICE_NOT_ELIGIBLE) */
        put: operations["addGroupMember"];
        post?: never;
        /** Take a machine out of the group (nothing is uninstalled); one the rule matches stays (GROUP_RULE_MEMBER) */
        delete: operations["removeGroupMember"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/groups/{id}/removals": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Apps taken out of the group's lists that its members still have, to confirm or keep: each member's removal check shows what removing takes */
        get: operations["listGroupRemovals"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/groups/{id}/removals/{removalId}/check": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Ask the removal's machines again what removing the app would take (one was offline, or its answer is too old) */
        post: operations["checkGroupRemovalAgain"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/groups/{id}/removals/{removalId}/confirm": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Remove the app from every member whose check answered, exactly as it showed (REMOVAL_NOT_CONFIRMED when none did, or the name is needed) */
        post: operations["confirmGroupRemoval"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/groups/{id}/removals/{removalId}/keep": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Keep the app on the machines: nothing is removed, and it shows as extra where no group declares it */
        post: operations["keepGroupRemoval"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/health": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Liveness and database check */
        get: operations["getHealth"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/history": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Installs, upgrades and uninstalls on your devices, newest first; filter by device, app, list, kind, outcome and time */
        get: operations["listHistory"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/history/export.csv": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The same history as a CSV file (the same filters; at most 10000 rows, newest first) */
        get: operations["exportHistoryCsv"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/installations": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Your installations, newest first */
        get: operations["listInstallations"];
        put?: never;
        /** Install a list (or some apps) onto devices; header Idempotency-Key makes a retry safe */
        post: operations["createInstallation"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/installations/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** One installation: every device and app */
        get: operations["getInstallation"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/installations/{id}/cancel": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Stop what has not started */
        post: operations["cancelInstallation"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/installations/{id}/items/{itemId}/log": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** An app's package-manager output and exit code */
        get: operations["getInstallationItemLog"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/installations/{id}/retry": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Queue the failed apps again */
        post: operations["retryInstallation"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/installations/preview": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** What each device would install, skip or not get, before anything is created */
        post: operations["previewInstallation"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/lists": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Your lists, oldest first */
        get: operations["listLists"];
        put?: never;
        /** Create a list (LIST_LIMIT_REACHED past the plan) */
        post: operations["createList"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/lists/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /** Rename a list */
        put: operations["renameList"];
        post?: never;
        /** Delete a list */
        delete: operations["deleteList"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/lists/{id}/export": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Download the list as a winget import file, a Brewfile or a text file */
        get: operations["exportList"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/lists/{id}/followers": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The devices keeping this list in sync, with their option */
        get: operations["listListFollowers"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/lists/{id}/followers/{deviceId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /** Keep an enrolled machine in sync with the list: installs it there now, later additions too, and removals when uninstallRemoved (LIST_READ_ONLY, DEVICE_NOT_ELIGIBLE) */
        put: operations["followList"];
        post?: never;
        /** Stop keeping the machine in sync (nothing is uninstalled) */
        delete: operations["unfollowList"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/lists/{id}/items": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** A list's apps, in order */
        get: operations["listListItems"];
        /** Reorder: appIds must be exactly the list's apps in the new order */
        put: operations["reorderListItems"];
        /** Add an app at the end (LIST_APP_LIMIT_REACHED past the plan) */
        post: operations["addListItem"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/lists/{id}/items/{appId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /** Remove an app from a list */
        delete: operations["removeListItem"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/lists/{id}/items/{appId}/pin": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /** Pin an app of the list at a version: installs ask for it, updates skip the app */
        put: operations["pinListItem"];
        post?: never;
        /** Clear an app's pin: updates move it again */
        delete: operations["unpinListItem"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/lists/{id}/sharing": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Who may see your list, its link and how many copies were made */
        get: operations["getListSharing"];
        /** Make your list private, unlisted (anyone with the link) or public (also in the gallery) */
        put: operations["updateListSharing"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/lists/{id}/status": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Per device the list was installed onto: each app installed, out of date, missing or unknown, from the device's last inventory */
        get: operations["getListStatus"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/lists/import": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Create a list from a winget export, a Brewfile or one app per line; a file over the per-list limit needs `split` or `keep` (LIST_APP_LIMIT_REACHED) */
        post: operations["importList"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/lists/import/preview": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** What importing a file would add and show back, creating nothing (LIST_LIMIT_REACHED past the plan) */
        post: operations["previewListImport"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/lists/status": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Each list at a glance: on how many devices, and how many of its apps there are installed, out of date or missing */
        get: operations["listListStatuses"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/notification-settings": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Which notifications you get: failure mails, the update digest, priority mails and the in-app centre (Premium) */
        get: operations["getNotificationSettings"];
        /** Turn kinds of notifications on or off; answers every switch */
        put: operations["updateNotificationSettings"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/notifications": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Your notification centre, newest first, with the unread count (Premium; PLAN_FEATURE_REQUIRED otherwise) */
        get: operations["listNotifications"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/notifications/read": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Mark these notifications read ({ids}), or all of them ({}); answers the unread count (Premium) */
        post: operations["markNotificationsRead"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/notifications/unsubscribe": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The page a mail’s unsubscribe link opens: says which mails stop and asks to confirm with a button */
        get: operations["getUnsubscribePage"];
        put?: never;
        /** One-click unsubscribe (RFC 8058): turns off the kind of mail the link came in; no sign-in, the token is the authority */
        post: operations["unsubscribe"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/own-apps": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Your own apps, by name */
        get: operations["listOwnApps"];
        put?: never;
        /** Add an app the catalogue lacks (201); OWN_APP_EXISTS when one of yours has one of these package ids (details.appId is that app), OWN_APP_LIMIT_REACHED past the limit */
        post: operations["createOwnApp"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/own-apps/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /** Change your app’s name and package ids (OWN_APP_EXISTS when another of yours has one of them) */
        put: operations["updateOwnApp"];
        post?: never;
        /** Delete your app: it leaves your lists too; nothing is uninstalled */
        delete: operations["deleteOwnApp"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/payment/create-payment-intent": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Start paying for a plan: the amount comes from the plan catalogue (a different client amount is refused) */
        post: operations["createPaymentIntent"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/payment/sandbox/authenticate": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** The sandbox's 3-D Secure challenge answered (complete or fail) for an intent in requires_action */
        post: operations["authenticateSandboxPayment"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/payment/sandbox/confirm": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** The sandbox provider's confirmCardPayment: Stripe's test cards and Idempotency-Key, answered like Stripe.js */
        post: operations["confirmSandboxPayment"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/payment/verify": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** After the card is confirmed: the provider's word on the payment, then the plan changes (once) */
        post: operations["verifyPayment"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/payment/webhook": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Stripe webhook (Stripe-Signature checked with STRIPE_WEBHOOK_SECRET; a replayed event changes nothing) */
        post: operations["receiveStripeWebhook"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/payments": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The signed-in user's payments a card was tried on (paid, failed, waiting for 3-D Secure), newest first */
        get: operations["listPayments"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/rollouts": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Your policies' rollouts, newest first: each new version's rings, what came of it in each, and the machines that failed */
        get: operations["listRollouts"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/rollouts/{id}/cancel": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Cancel a rollout: no more machines get this version through its policy */
        post: operations["cancelRollout"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/rollouts/{id}/resume": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Go on with a stopped rollout: its next ring opens now */
        post: operations["resumeRollout"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/shared-lists/{shareId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** A shared list by its link, signed in or not (SHARED_LIST_NOT_FOUND for private, unknown or malformed ids alike) */
        get: operations["getSharedList"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/shared-lists/{shareId}/copy": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Copy a shared list into your lists (LIST_LIMIT_REACHED, LIST_APP_LIMIT_REACHED past your plan) */
        post: operations["copySharedList"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/subscription/cancel-downgrade": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Cancel a scheduled downgrade: the plan stays as it is */
        post: operations["cancelDowngrade"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/subscription/downgrade": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Schedule a lower plan for the end of the paid period (validUntil) */
        post: operations["downgradeSubscription"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/subscription/status": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The signed-in user's current plan */
        get: operations["getSubscription"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/subscription/test": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The web app's fallback for the status call: the same answer */
        get: operations["getSubscriptionFallback"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/subscription/upgrade": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Check an upgrade and learn what to pay; the plan changes at POST /api/payment/verify */
        post: operations["upgradeSubscription"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/tokens": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Registration tokens that can still enrol a device */
        get: operations["listDeviceTokens"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/update-policies": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Your update policies with their next window (also after a downgrade, when they no longer run) */
        get: operations["listUpdatePolicies"];
        put?: never;
        /** Make the update policy of your account, a group, a machine or a list (Premium): what updates by itself, in a daily or weekly window on each machine's clock */
        post: operations["createUpdatePolicy"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/update-policies/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /** Change what a policy updates and when, or turn it off (Premium) */
        put: operations["updateUpdatePolicy"];
        post?: never;
        /** Delete a policy */
        delete: operations["deleteUpdatePolicy"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/webhooks": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Your webhook endpoints, oldest first, each with its last delivery (never the signing secret) */
        get: operations["listWebhooks"];
        put?: never;
        /** Add an endpoint: a public HTTPS address (checked after DNS) and the events it gets (at most 10 endpoints). The answer is the only time its signing secret is shown */
        post: operations["createWebhook"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/webhooks/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** One endpoint */
        get: operations["getWebhook"];
        put?: never;
        post?: never;
        /** Delete an endpoint with its delivery log; nothing more is sent to it */
        delete: operations["deleteWebhook"];
        options?: never;
        head?: never;
        /** Change its address, description or events, or turn it off or on (turned on, its failures are forgotten) */
        patch: operations["updateWebhook"];
        trace?: never;
    };
    "/api/webhooks/{id}/deliveries": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The endpoint's deliveries, newest first, kept 30 days */
        get: operations["listWebhookDeliveries"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/webhooks/{id}/deliveries/{deliveryId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** One delivery: the body as sent and every attempt with what the endpoint answered */
        get: operations["getWebhookDelivery"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/webhooks/{id}/deliveries/{deliveryId}/replay": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Send a delivery again: the same event id and body, signed now, as a new delivery */
        post: operations["replayWebhookDelivery"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/webhooks/{id}/secret": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** A new signing secret, shown this once; the old one signs nothing from now on */
        post: operations["rollWebhookSecret"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/webhooks/{id}/test": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Send a ping event to the endpoint now (WEBHOOK_DISABLED when it is off) */
        post: operations["sendWebhookTest"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/catalogue/apps": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The apps, by name, at most 1,000 from ?offset=; ?search= (name or description, any case) and ?category= narrow it (GET /catalogue/search ranks and pages) */
        get: operations["listCatalogueApps"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/catalogue/apps/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** One app */
        get: operations["getCatalogueApp"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/catalogue/apps/{id}/sources": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Where an app's package ids come from: each package manager index's package mapped to it, with the evidence */
        get: operations["getCatalogueAppSources"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/catalogue/categories": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Every category, with how many apps it has */
        get: operations["listCategories"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/catalogue/icons/{appId}.webp": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** An app's icon (WebP, at most 256 × 256 and 102400 bytes) */
        get: operations["getAppIcon"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/catalogue/search": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** One page of apps, best first: every word of ?q= in the name, a package id, the publisher or the description (word starts and small typing mistakes count); ?platform= and ?category= narrow it */
        get: operations["searchCatalogue"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
}
export type webhooks = Record<string, never>;
export interface components {
    schemas: {
        /** @description The one error envelope: a stable code to branch on and a message a person can read. */
        Error: {
            /** @example VALIDATION_ERROR */
            code: string;
            /** @description For validation errors: field path → message. OWN_APP_EXISTS on adding an app also gives appId, the id of your app that has the package id. */
            details?: {
                [key: string]: string;
            };
            /** @example Name is required */
            message: string;
        };
    };
    responses: {
        /** @description The input is not valid (VALIDATION_ERROR with details per field, INVALID_JSON, or a code of its own) */
        BadRequest: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["Error"];
            };
        };
        /** @description The change clashes with what is there (a name or package id in use, a state that does not allow it) */
        Conflict: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["Error"];
            };
        };
        /** @description Signed in but not allowed: not an admin, the plan lacks the feature, or an API key on a call that needs a session */
        Forbidden: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["Error"];
            };
        };
        /** @description The call answers only the media type its description names (send that Accept header) */
        NotAcceptable: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["Error"];
            };
        };
        /** @description Nothing of that id is yours (another user’s answers the same) */
        NotFound: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["Error"];
            };
        };
        /** @description The request body is too large */
        PayloadTooLarge: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["Error"];
            };
        };
        /** @description Too many calls; retry after the Retry-After header */
        TooManyRequests: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["Error"];
            };
        };
        /** @description No valid access token or API key (AUTHENTICATION_REQUIRED, TOKEN_EXPIRED, API_KEY_INVALID, …) */
        Unauthorized: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["Error"];
            };
        };
    };
    parameters: never;
    requestBodies: never;
    headers: never;
    pathItems: never;
}
export type $defs = Record<string, never>;
export interface operations {
    getAccount: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        careerField: string | null;
                        createdAt: string;
                        dateOfBirth: string | null;
                        email: string;
                        firstName: string;
                        id: string;
                        isAdmin: boolean;
                        isEmailVerified: boolean;
                        lastName: string;
                        receiveEmails: boolean;
                    };
                };
            };
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
        };
    };
    updateAccount: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    currentPassword?: string;
                    /** Format: email */
                    email: string;
                    firstName: string;
                    lastName: string;
                    newPassword?: string;
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        passwordChanged: boolean;
                        pendingEmail: string | null;
                        /** @enum {boolean} */
                        success: true;
                        user: {
                            email: string;
                            firstName: string;
                            id: string;
                            isAdmin: boolean;
                            isEmailVerified: boolean;
                            lastName: string;
                        };
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
        };
    };
    getAccountDebug: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {string} */
                        database: "sqlite" | "postgres";
                        /** @enum {boolean} */
                        ok: true;
                        serverTime: string;
                        userId: string;
                    };
                };
            };
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
        };
    };
    deleteAccount: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    password: string;
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        message?: string;
                        /** @enum {boolean} */
                        success: true;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            413: components["responses"]["PayloadTooLarge"];
        };
    };
    listApiKeys: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        apiKeys: {
                            createdAt: string;
                            id: string;
                            lastFour: string;
                            lastUsedAt: string | null;
                            name: string;
                        }[];
                    };
                };
            };
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
        };
    };
    createApiKey: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    name: string;
                };
            };
        };
        responses: {
            /** @description Default Response */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        createdAt: string;
                        id: string;
                        key: string;
                        lastFour: string;
                        lastUsedAt: string | null;
                        name: string;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            413: components["responses"]["PayloadTooLarge"];
        };
    };
    revokeApiKey: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        message?: string;
                        /** @enum {boolean} */
                        success: true;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
        };
    };
    getEmailStatus: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        email: string;
                        isEmailVerified: boolean;
                    };
                };
            };
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
        };
    };
    loginWithGoogle: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    deviceId?: string;
                    deviceName?: string;
                    id_token: string;
                    nonce?: string;
                    platform?: string;
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        refreshToken: string;
                        /** @enum {boolean} */
                        requiresVerification: false;
                        /** @enum {string|null} */
                        tempPassword: null;
                        token: string;
                        user: {
                            email: string;
                            firstName: string;
                            id: string;
                            isAdmin: boolean;
                            isEmailVerified: boolean;
                            lastName: string;
                        };
                    } | {
                        email: string;
                        /** @enum {boolean} */
                        requiresVerification: true;
                        /** @enum {string|null} */
                        tempPassword: null;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            429: components["responses"]["TooManyRequests"];
        };
    };
    login: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** Format: email */
                    email: string;
                    password: string;
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        refreshToken: string;
                        token: string;
                        user: {
                            email: string;
                            firstName: string;
                            id: string;
                            isAdmin: boolean;
                            isEmailVerified: boolean;
                            lastName: string;
                        };
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            413: components["responses"]["PayloadTooLarge"];
            429: components["responses"]["TooManyRequests"];
        };
    };
    logout: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        message?: string;
                        /** @enum {boolean} */
                        success: true;
                    };
                };
            };
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
        };
    };
    refreshSession: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    refreshToken: string;
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        refreshToken: string;
                        token: string;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            413: components["responses"]["PayloadTooLarge"];
            429: components["responses"]["TooManyRequests"];
        };
    };
    register: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @enum {boolean} */
                    agreeToTerms: true;
                    careerField?: string | null;
                    /** Format: date */
                    dateOfBirth: string;
                    /** Format: email */
                    email: string;
                    firstName: string;
                    lastName: string;
                    password: string;
                    /** @default false */
                    receiveEmails?: boolean;
                };
            };
        };
        responses: {
            /** @description Default Response */
            202: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        email: string;
                        message: string;
                        /** @enum {boolean} */
                        requiresVerification: true;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            413: components["responses"]["PayloadTooLarge"];
            429: components["responses"]["TooManyRequests"];
        };
    };
    resendVerification: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        message?: string;
                        /** @enum {boolean} */
                        success: true;
                    };
                };
            };
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            429: components["responses"]["TooManyRequests"];
        };
    };
    resetPassword: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    newPassword: string;
                    token: string;
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        message?: string;
                        /** @enum {boolean} */
                        success: true;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            413: components["responses"]["PayloadTooLarge"];
            429: components["responses"]["TooManyRequests"];
        };
    };
    requestPasswordReset: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** Format: email */
                    email: string;
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        message?: string;
                        /** @enum {boolean} */
                        success: true;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            413: components["responses"]["PayloadTooLarge"];
            429: components["responses"]["TooManyRequests"];
        };
    };
    undoEmailChange: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    token: string;
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        email: string;
                        /** @enum {boolean} */
                        success: true;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            429: components["responses"]["TooManyRequests"];
        };
    };
    verifySession: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        user: {
                            email: string;
                            firstName: string;
                            id: string;
                            isAdmin: boolean;
                            isEmailVerified: boolean;
                            lastName: string;
                        };
                        /** @enum {boolean} */
                        valid: true;
                    };
                };
            };
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
        };
    };
    verifyEmail: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    token: string;
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        alreadyVerified: boolean;
                        email: string;
                        /** @enum {boolean} */
                        success: true;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            413: components["responses"]["PayloadTooLarge"];
            429: components["responses"]["TooManyRequests"];
        };
    };
    downloadHeadlessAgent: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The file */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/javascript": string;
                };
            };
            /** @description Default Response */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/javascript": {
                        code: string;
                        details?: {
                            [key: string]: string;
                        };
                        message: string;
                    };
                };
            };
        };
    };
    downloadNativeAgent: {
        parameters: {
            query?: {
                format?: "exe" | "deb" | "msi" | "tar.gz";
            };
            header?: never;
            path: {
                arch: "x64" | "arm64";
                platform: "linux" | "macos" | "windows";
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The file */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/octet-stream": string;
                };
            };
            400: components["responses"]["BadRequest"];
            404: components["responses"]["NotFound"];
        };
    };
    listAgentReleases: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        builds: {
                            /** @enum {string} */
                            arch: "any" | "x64" | "arm64";
                            /** @enum {string} */
                            format: "mjs" | "exe" | "deb" | "msi" | "tar.gz";
                            /** @enum {string} */
                            platform: "any" | "linux" | "macos" | "windows";
                            sha256: string;
                            signature: string;
                            size: number;
                            url: string;
                        }[];
                        desktop: {
                            linux: boolean;
                            macos: boolean;
                            windows: boolean;
                        };
                        nativeBuild?: {
                            builds: {
                                /** @enum {string} */
                                arch: "x64" | "arm64";
                                /** @enum {string} */
                                platform: "linux" | "macos" | "windows";
                            }[];
                            startedWithServer: boolean;
                            /** @enum {string} */
                            state: "building" | "failed";
                        };
                        publicKey: string;
                        version: string;
                    };
                };
            };
        };
    };
    downloadDesktopClient: {
        parameters: {
            query?: {
                arch?: "x64" | "arm64" | "auto";
            };
            header?: never;
            path: {
                platform: "linux" | "macos" | "windows";
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The file */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/octet-stream": string;
                };
            };
            400: components["responses"]["BadRequest"];
            404: components["responses"]["NotFound"];
        };
    };
    getConfig: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        googleClientId: string | null;
                        stripePublishableKey: string | null;
                        version: string;
                    };
                };
            };
        };
    };
    createDeviceToken: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    groupId?: string | null;
                    maxUses: number;
                };
            };
        };
        responses: {
            /** @description Default Response */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        token: {
                            code: string;
                            created_at: string;
                            expires_at: string;
                            groupId: string | null;
                            groupName: string | null;
                            id: string;
                            max_uses: number;
                            registration_url: string;
                            uses: number;
                        };
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            413: components["responses"]["PayloadTooLarge"];
            429: components["responses"]["TooManyRequests"];
        };
    };
    revokeDeviceToken: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        message?: string;
                        /** @enum {boolean} */
                        success: true;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
        };
    };
    listDevices: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        activeToday: number;
                        deactivationAvailableAt: string | null;
                        devices: {
                            agent_update?: {
                                at: string;
                                message: string | null;
                                /** @enum {string} */
                                state: "downloading" | "installing" | "restarting" | "failed" | "rolled-back" | "held";
                                version: string;
                            } | null;
                            agent_version: string | null;
                            arch: string | null;
                            capabilities: ("web_access" | "receive_installations" | "admin")[];
                            /** @enum {string} */
                            connection_status: "online" | "recently_active" | "inactive" | "offline";
                            cooldown_remaining_minutes: number;
                            created_at: string;
                            device_id: string;
                            device_name: string;
                            /** @enum {string} */
                            device_type: "primary" | "remote" | "mobile";
                            deviceId: string;
                            deviceName: string;
                            duplicate_agent: {
                                at: string;
                                from: string | null;
                            } | null;
                            is_active: boolean;
                            is_admin: boolean;
                            is_current: boolean;
                            isInCooldown: boolean;
                            last_active: string | null;
                            lastActive: string | null;
                            location: string | null;
                            minutes_since_active: number | null;
                            /** @enum {string} */
                            platform: "windows" | "macos" | "linux" | "android" | "ios" | "unknown";
                            protected_until: string | null;
                            /** @enum {string} */
                            registration_method: "account" | "token";
                            removable_minutes_left?: number;
                        }[];
                        seatLimit: number;
                        seatsUsed: number;
                    };
                };
            };
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
        };
    };
    setDeviceAdminStatus: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    isAdmin: boolean;
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        device: {
                            agent_update?: {
                                at: string;
                                message: string | null;
                                /** @enum {string} */
                                state: "downloading" | "installing" | "restarting" | "failed" | "rolled-back" | "held";
                                version: string;
                            } | null;
                            agent_version: string | null;
                            arch: string | null;
                            capabilities: ("web_access" | "receive_installations" | "admin")[];
                            /** @enum {string} */
                            connection_status: "online" | "recently_active" | "inactive" | "offline";
                            cooldown_remaining_minutes: number;
                            created_at: string;
                            device_id: string;
                            device_name: string;
                            /** @enum {string} */
                            device_type: "primary" | "remote" | "mobile";
                            deviceId: string;
                            deviceName: string;
                            duplicate_agent: {
                                at: string;
                                from: string | null;
                            } | null;
                            is_active: boolean;
                            is_admin: boolean;
                            is_current: boolean;
                            isInCooldown: boolean;
                            last_active: string | null;
                            lastActive: string | null;
                            location: string | null;
                            minutes_since_active: number | null;
                            /** @enum {string} */
                            platform: "windows" | "macos" | "linux" | "android" | "ios" | "unknown";
                            protected_until: string | null;
                            /** @enum {string} */
                            registration_method: "account" | "token";
                            removable_minutes_left?: number;
                        };
                        /** @enum {boolean} */
                        success: true;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            413: components["responses"]["PayloadTooLarge"];
        };
    };
    listDeviceCheckIns: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        checkIns: {
                            agentVersion: string | null;
                            apps: number | null;
                            at: string;
                            changes: {
                                from: string | null;
                                /** @enum {string} */
                                manager: "winget" | "choco" | "brew" | "apt" | "flatpak" | "snap" | "simulated";
                                name: string;
                                packageId: string;
                                to: string | null;
                            }[];
                            id: string;
                            /** @enum {string} */
                            kind: "connected" | "inventory";
                            moreChanges: number;
                            outdated: number | null;
                        }[];
                        keptDays: number;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
        };
    };
    getDeviceDrift: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        deviceId: string;
                        deviceName: string;
                        entries: {
                            appId: number;
                            installedVersion: string | null;
                            /** @enum {string} */
                            kind: "missing" | "extra" | "outdated" | "off_pin";
                            name: string;
                            since: string;
                            wantedVersion: string | null;
                        }[];
                        groups: {
                            id: string;
                            name: string;
                        }[];
                        inventoryCheckedAt: string | null;
                        platform: string;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
        };
    };
    listFollowedLists: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        lists: {
                            listId: string;
                            listName: string;
                            uninstallRemoved: boolean;
                        }[];
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
        };
    };
    forceDeleteDevice: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        message?: string;
                        /** @enum {boolean} */
                        success: true;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
        };
    };
    listGenerations: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        deviceId: string;
                        generations: {
                            appCount: number;
                            changes: {
                                appId: number;
                                from: string | null;
                                name: string;
                                to: string | null;
                            }[];
                            createdAt: string;
                            installationId: string | null;
                            /** @enum {string} */
                            kind: "install" | "upgrade" | "uninstall" | "rollback";
                            number: number;
                            rolledBackTo: number | null;
                        }[];
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
        };
    };
    getGeneration: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
                number: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        appCount: number;
                        apps: {
                            appId: number;
                            /** @enum {string|null} */
                            manager: "winget" | "choco" | "brew" | "apt" | "flatpak" | "snap" | "simulated" | null;
                            name: string;
                            version: string | null;
                        }[];
                        changes: {
                            appId: number;
                            from: string | null;
                            name: string;
                            to: string | null;
                        }[];
                        createdAt: string;
                        installationId: string | null;
                        /** @enum {string} */
                        kind: "install" | "upgrade" | "uninstall" | "rollback";
                        number: number;
                        rolledBackTo: number | null;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
        };
    };
    rollBack: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
                number: number;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    appIds: number[];
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        installationIds: string[];
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            413: components["responses"]["PayloadTooLarge"];
        };
    };
    previewRollback: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
                number: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        deviceId: string;
                        number: number;
                        steps: {
                            /** @enum {string} */
                            action: "install" | "change" | "remove";
                            appId: number;
                            exact: boolean;
                            from: string | null;
                            /** @enum {string|null} */
                            manager: "winget" | "choco" | "brew" | "apt" | "flatpak" | "snap" | "simulated" | null;
                            name: string;
                            note: string | null;
                            possible: boolean;
                            to: string | null;
                        }[];
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
        };
    };
    releaseHeldUpdate: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                appId: number;
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        message?: string;
                        /** @enum {boolean} */
                        success: true;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
        };
    };
    getDeviceInventory: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        apps: {
                            appId: number;
                            availableVersion: string | null;
                            chosen: boolean;
                            heldUpdate: {
                                message: string;
                                since: string;
                                version: string;
                            } | null;
                            installedVersion: string;
                            /** @enum {string} */
                            manager: "winget" | "choco" | "brew" | "apt" | "flatpak" | "snap" | "simulated";
                            name: string;
                            packageId: string;
                            pinnedVersion: string | null;
                            securityUpdate: boolean;
                        }[];
                        checkedAt: string | null;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
        };
    };
    refreshDeviceInventory: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            202: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        requested: true;
                        /** @enum {boolean} */
                        success: true;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
        };
    };
    renameDevice: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    deviceName: string;
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        device: {
                            agent_update?: {
                                at: string;
                                message: string | null;
                                /** @enum {string} */
                                state: "downloading" | "installing" | "restarting" | "failed" | "rolled-back" | "held";
                                version: string;
                            } | null;
                            agent_version: string | null;
                            arch: string | null;
                            capabilities: ("web_access" | "receive_installations" | "admin")[];
                            /** @enum {string} */
                            connection_status: "online" | "recently_active" | "inactive" | "offline";
                            cooldown_remaining_minutes: number;
                            created_at: string;
                            device_id: string;
                            device_name: string;
                            /** @enum {string} */
                            device_type: "primary" | "remote" | "mobile";
                            deviceId: string;
                            deviceName: string;
                            duplicate_agent: {
                                at: string;
                                from: string | null;
                            } | null;
                            is_active: boolean;
                            is_admin: boolean;
                            is_current: boolean;
                            isInCooldown: boolean;
                            last_active: string | null;
                            lastActive: string | null;
                            location: string | null;
                            minutes_since_active: number | null;
                            /** @enum {string} */
                            platform: "windows" | "macos" | "linux" | "android" | "ios" | "unknown";
                            protected_until: string | null;
                            /** @enum {string} */
                            registration_method: "account" | "token";
                            removable_minutes_left?: number;
                        };
                        /** @enum {boolean} */
                        success: true;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            413: components["responses"]["PayloadTooLarge"];
        };
    };
    createRemovalCheck: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    appId: number;
                };
            };
        };
        responses: {
            /** @description Default Response */
            202: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        appId: number;
                        appName: string;
                        checkId: string;
                        createdAt: string;
                        deviceId: string;
                        installedVersion: string | null;
                        /** @enum {string|null} */
                        manager: "winget" | "choco" | "brew" | "apt" | "flatpak" | "snap" | "simulated" | null;
                        packageId: string | null;
                        purgeOffered: boolean;
                        refused: string | null;
                        removes: {
                            name: string;
                            version: string;
                        }[];
                        /** @enum {string} */
                        status: "pending" | "ready" | "unanswered";
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
        };
    };
    getRemovalCheck: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                checkId: string;
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        appId: number;
                        appName: string;
                        checkId: string;
                        createdAt: string;
                        deviceId: string;
                        installedVersion: string | null;
                        /** @enum {string|null} */
                        manager: "winget" | "choco" | "brew" | "apt" | "flatpak" | "snap" | "simulated" | null;
                        packageId: string | null;
                        purgeOffered: boolean;
                        refused: string | null;
                        removes: {
                            name: string;
                            version: string;
                        }[];
                        /** @enum {string} */
                        status: "pending" | "ready" | "unanswered";
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
        };
    };
    createDeviceSearch: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    query: string;
                };
            };
        };
        responses: {
            /** @description Default Response */
            202: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        createdAt: string;
                        deviceId: string;
                        managers: {
                            error: string | null;
                            /** @enum {string} */
                            manager: "winget" | "choco" | "brew" | "apt" | "flatpak" | "snap" | "simulated";
                            results: {
                                cask?: boolean;
                                description?: string;
                                id: string;
                                name: string;
                                version?: string;
                            }[];
                            /** @enum {string} */
                            status: "searching" | "done" | "unanswered";
                            truncated: boolean;
                        }[];
                        query: string;
                        searchId: string;
                        /** @enum {string} */
                        status: "searching" | "done" | "expired" | "superseded";
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
        };
    };
    getDeviceSearch: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
                searchId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        createdAt: string;
                        deviceId: string;
                        managers: {
                            error: string | null;
                            /** @enum {string} */
                            manager: "winget" | "choco" | "brew" | "apt" | "flatpak" | "snap" | "simulated";
                            results: {
                                cask?: boolean;
                                description?: string;
                                id: string;
                                name: string;
                                version?: string;
                            }[];
                            /** @enum {string} */
                            status: "searching" | "done" | "unanswered";
                            truncated: boolean;
                        }[];
                        query: string;
                        searchId: string;
                        /** @enum {string} */
                        status: "searching" | "done" | "expired" | "superseded";
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
        };
    };
    uninstallDeviceClient: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        message?: string;
                        /** @enum {boolean} */
                        success: true;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
        };
    };
    getDeviceUpdatePolicy: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        listPolicies: {
                            /** @enum {string} */
                            cadence: "daily" | "weekly";
                            createdAt: string;
                            deviceId: string | null;
                            exceptions: {
                                appId: number;
                                name: string;
                            }[];
                            failureThresholdPercent: number;
                            groupId: string | null;
                            id: string;
                            lastRunAt: string | null;
                            listId: string | null;
                            /** @enum {string} */
                            mode: "all" | "security" | "off";
                            nextWindow: {
                                closesAt: string;
                                opensAt: string;
                                timeZone: string;
                            } | null;
                            /** @enum {string} */
                            offline: "next-connection" | "next-window";
                            rings: {
                                groupId: string | null;
                                name: string;
                                percent: number | null;
                            }[];
                            soakHours: number;
                            /** @enum {string} */
                            target: "account" | "group" | "device" | "list";
                            targetName: string;
                            time: string;
                            timeZone: string;
                            updatedAt: string;
                            weekday: number | null;
                            windowMinutes: number;
                        }[];
                        machineTimeZone: string | null;
                        nextWindow: {
                            closesAt: string;
                            opensAt: string;
                            timeZone: string;
                        } | null;
                        policy: {
                            /** @enum {string} */
                            cadence: "daily" | "weekly";
                            createdAt: string;
                            deviceId: string | null;
                            exceptions: {
                                appId: number;
                                name: string;
                            }[];
                            failureThresholdPercent: number;
                            groupId: string | null;
                            id: string;
                            lastRunAt: string | null;
                            listId: string | null;
                            /** @enum {string} */
                            mode: "all" | "security" | "off";
                            nextWindow: {
                                closesAt: string;
                                opensAt: string;
                                timeZone: string;
                            } | null;
                            /** @enum {string} */
                            offline: "next-connection" | "next-window";
                            rings: {
                                groupId: string | null;
                                name: string;
                                percent: number | null;
                            }[];
                            soakHours: number;
                            /** @enum {string} */
                            target: "account" | "group" | "device" | "list";
                            targetName: string;
                            time: string;
                            timeZone: string;
                            updatedAt: string;
                            weekday: number | null;
                            windowMinutes: number;
                        } | null;
                        reason: string;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
        };
    };
    listDeviceAudit: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        events: {
                            actorDeviceId: string | null;
                            createdAt: string;
                            detail: string | null;
                            deviceId: string;
                            deviceName: string;
                            id: string;
                            /** @enum {string} */
                            type: "registered" | "enrolled" | "renamed" | "deactivated" | "admin_granted" | "admin_revoked" | "force_deleted" | "uninstall_requested" | "installation_requested";
                        }[];
                    };
                };
            };
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
        };
    };
    checkDeviceRegistration: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        deviceCount: number;
                        /** @enum {string} */
                        reason: "REGISTERED" | "NOT_REGISTERED" | "DEVICE_DEACTIVATED" | "NO_DEVICE_ID";
                        registered: boolean;
                        seatAvailable: boolean;
                        seatLimit: number;
                    };
                };
            };
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
        };
    };
    deactivateDevice: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    deviceId: string;
                    /** @default false */
                    removeClient?: boolean;
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        shouldLogout: boolean;
                        /** @enum {boolean} */
                        success: true;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            413: components["responses"]["PayloadTooLarge"];
            429: components["responses"]["TooManyRequests"];
        };
    };
    deactivateCurrentDevice: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        shouldLogout: boolean;
                        /** @enum {boolean} */
                        success: true;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
        };
    };
    listLogoutNotifications: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        notifications: {
                            createdAt: string;
                            deviceName: string;
                            id: string;
                            /** @enum {string} */
                            reason: "manual_deactivation" | "user_initiated" | "unexpected_logout" | "other";
                            shown: boolean;
                        }[];
                    };
                };
            };
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
        };
    };
    pingDevice: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    deviceId: string;
                    /**
                     * @default interval
                     * @enum {string}
                     */
                    event?: "interval" | "visible" | "hidden" | "load" | "unload";
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        serverTime: string;
                        /** @enum {boolean} */
                        success: true;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            413: components["responses"]["PayloadTooLarge"];
        };
    };
    registerDevice: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    deviceId: string;
                    deviceName: string;
                    hardwareFingerprint?: string;
                    /** @default unknown */
                    platform?: string;
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        device: {
                            agent_update?: {
                                at: string;
                                message: string | null;
                                /** @enum {string} */
                                state: "downloading" | "installing" | "restarting" | "failed" | "rolled-back" | "held";
                                version: string;
                            } | null;
                            agent_version: string | null;
                            arch: string | null;
                            capabilities: ("web_access" | "receive_installations" | "admin")[];
                            /** @enum {string} */
                            connection_status: "online" | "recently_active" | "inactive" | "offline";
                            cooldown_remaining_minutes: number;
                            created_at: string;
                            device_id: string;
                            device_name: string;
                            /** @enum {string} */
                            device_type: "primary" | "remote" | "mobile";
                            deviceId: string;
                            deviceName: string;
                            duplicate_agent: {
                                at: string;
                                from: string | null;
                            } | null;
                            is_active: boolean;
                            is_admin: boolean;
                            is_current: boolean;
                            isInCooldown: boolean;
                            last_active: string | null;
                            lastActive: string | null;
                            location: string | null;
                            minutes_since_active: number | null;
                            /** @enum {string} */
                            platform: "windows" | "macos" | "linux" | "android" | "ios" | "unknown";
                            protected_until: string | null;
                            /** @enum {string} */
                            registration_method: "account" | "token";
                            removable_minutes_left?: number;
                        };
                        deviceSecret?: string;
                        isAdmin: boolean;
                        isFirstDevice: boolean;
                        /** @enum {boolean} */
                        success: true;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
        };
    };
    registerPrimaryDevice: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    deviceName: string;
                    /** @default unknown */
                    platform?: string;
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        device: {
                            agent_update?: {
                                at: string;
                                message: string | null;
                                /** @enum {string} */
                                state: "downloading" | "installing" | "restarting" | "failed" | "rolled-back" | "held";
                                version: string;
                            } | null;
                            agent_version: string | null;
                            arch: string | null;
                            capabilities: ("web_access" | "receive_installations" | "admin")[];
                            /** @enum {string} */
                            connection_status: "online" | "recently_active" | "inactive" | "offline";
                            cooldown_remaining_minutes: number;
                            created_at: string;
                            device_id: string;
                            device_name: string;
                            /** @enum {string} */
                            device_type: "primary" | "remote" | "mobile";
                            deviceId: string;
                            deviceName: string;
                            duplicate_agent: {
                                at: string;
                                from: string | null;
                            } | null;
                            is_active: boolean;
                            is_admin: boolean;
                            is_current: boolean;
                            isInCooldown: boolean;
                            last_active: string | null;
                            lastActive: string | null;
                            location: string | null;
                            minutes_since_active: number | null;
                            /** @enum {string} */
                            platform: "windows" | "macos" | "linux" | "android" | "ios" | "unknown";
                            protected_until: string | null;
                            /** @enum {string} */
                            registration_method: "account" | "token";
                            removable_minutes_left?: number;
                        };
                        deviceSecret?: string;
                        isAdmin: boolean;
                        isFirstDevice: boolean;
                        /** @enum {boolean} */
                        success: true;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
        };
    };
    setCurrentDevice: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    deviceId: string;
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        message?: string;
                        /** @enum {boolean} */
                        success: true;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            413: components["responses"]["PayloadTooLarge"];
        };
    };
    updateDeviceStatus: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    deviceId: string;
                    /**
                     * @default interval
                     * @enum {string}
                     */
                    event?: "interval" | "visible" | "hidden" | "load" | "unload";
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        serverTime: string;
                        /** @enum {boolean} */
                        success: true;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            413: components["responses"]["PayloadTooLarge"];
        };
    };
    streamEvents: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            406: components["responses"]["NotAcceptable"];
        };
    };
    sendFeedback: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** Format: email */
                    email: string | null;
                    message: string;
                    /** Format: date-time */
                    timestamp: string;
                    /** @enum {string} */
                    type: "bug" | "suggestion" | "other";
                    url: string;
                    userAgent: string;
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        id: string;
                        /** @enum {boolean} */
                        success: true;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            413: components["responses"]["PayloadTooLarge"];
        };
    };
    listGallery: {
        parameters: {
            query?: {
                category?: number;
                page?: number;
                search?: string;
                sort?: "newest" | "copies";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        items: {
                            appCount: number;
                            categoryId: number | null;
                            categoryName: string | null;
                            copyCount: number;
                            description: string;
                            name: string;
                            platforms: ("windows" | "macos" | "linux")[];
                            sharedAt: string;
                            shareId: string;
                        }[];
                        page: number;
                        pageSize: number;
                        total: number;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            429: components["responses"]["TooManyRequests"];
        };
    };
    listGroups: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        available: boolean;
                        groups: {
                            createdAt: string;
                            drift: {
                                extra: number;
                                machines: number;
                                missing: number;
                                offPin: number;
                                outdated: number;
                            };
                            id: string;
                            listCount: number;
                            memberCount: number;
                            name: string;
                            removeTakenOut: boolean;
                            rule: {
                                namePattern: string | null;
                                /** @enum {string|null} */
                                platform: "windows" | "macos" | "linux" | null;
                                tag: string | null;
                            } | null;
                        }[];
                    };
                };
            };
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
        };
    };
    createGroup: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    name: string;
                    /** @default false */
                    removeTakenOut?: boolean;
                    rule?: {
                        namePattern?: string | null;
                        /**
                         * @default null
                         * @enum {string|null}
                         */
                        platform?: "windows" | "macos" | "linux" | null;
                        /** @default null */
                        tag?: string | null;
                    } | null;
                };
            };
        };
        responses: {
            /** @description Default Response */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        createdAt: string;
                        drift: {
                            extra: number;
                            machines: number;
                            missing: number;
                            offPin: number;
                            outdated: number;
                        };
                        id: string;
                        listCount: number;
                        lists: {
                            addedAt: string;
                            appCount: number;
                            listId: string;
                            listName: string;
                        }[];
                        memberCount: number;
                        members: {
                            deviceId: string;
                            deviceName: string;
                            joinedAt: string;
                            platform: string;
                            /** @enum {string} */
                            source: "hand" | "rule" | "token";
                            tags: string[];
                        }[];
                        name: string;
                        removeTakenOut: boolean;
                        rule: {
                            namePattern: string | null;
                            /** @enum {string|null} */
                            platform: "windows" | "macos" | "linux" | null;
                            tag: string | null;
                        } | null;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            413: components["responses"]["PayloadTooLarge"];
        };
    };
    getGroup: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        createdAt: string;
                        drift: {
                            extra: number;
                            machines: number;
                            missing: number;
                            offPin: number;
                            outdated: number;
                        };
                        id: string;
                        listCount: number;
                        lists: {
                            addedAt: string;
                            appCount: number;
                            listId: string;
                            listName: string;
                        }[];
                        memberCount: number;
                        members: {
                            deviceId: string;
                            deviceName: string;
                            joinedAt: string;
                            platform: string;
                            /** @enum {string} */
                            source: "hand" | "rule" | "token";
                            tags: string[];
                        }[];
                        name: string;
                        removeTakenOut: boolean;
                        rule: {
                            namePattern: string | null;
                            /** @enum {string|null} */
                            platform: "windows" | "macos" | "linux" | null;
                            tag: string | null;
                        } | null;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
        };
    };
    deleteGroup: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        message?: string;
                        /** @enum {boolean} */
                        success: true;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
        };
    };
    updateGroup: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    name?: string;
                    removeTakenOut?: boolean;
                    rule?: {
                        namePattern?: string | null;
                        /**
                         * @default null
                         * @enum {string|null}
                         */
                        platform?: "windows" | "macos" | "linux" | null;
                        /** @default null */
                        tag?: string | null;
                    } | null;
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        createdAt: string;
                        drift: {
                            extra: number;
                            machines: number;
                            missing: number;
                            offPin: number;
                            outdated: number;
                        };
                        id: string;
                        listCount: number;
                        lists: {
                            addedAt: string;
                            appCount: number;
                            listId: string;
                            listName: string;
                        }[];
                        memberCount: number;
                        members: {
                            deviceId: string;
                            deviceName: string;
                            joinedAt: string;
                            platform: string;
                            /** @enum {string} */
                            source: "hand" | "rule" | "token";
                            tags: string[];
                        }[];
                        name: string;
                        removeTakenOut: boolean;
                        rule: {
                            namePattern: string | null;
                            /** @enum {string|null} */
                            platform: "windows" | "macos" | "linux" | null;
                            tag: string | null;
                        } | null;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            413: components["responses"]["PayloadTooLarge"];
        };
    };
    bringBackInLine: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    deviceIds?: string[];
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        installationIds: string[];
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            413: components["responses"]["PayloadTooLarge"];
        };
    };
    previewBringBack: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    deviceIds?: string[];
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        machines: {
                            deviceId: string;
                            deviceName: string;
                            extra: {
                                appId: number;
                                name: string;
                            }[];
                            install: {
                                appId: number;
                                name: string;
                                version: string | null;
                            }[];
                            update: {
                                appId: number;
                                from: string;
                                name: string;
                                to: string;
                            }[];
                        }[];
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            413: components["responses"]["PayloadTooLarge"];
        };
    };
    getGroupDrift: {
        parameters: {
            query?: {
                limit?: number;
                offset?: number;
            };
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        counts: {
                            extra: number;
                            machines: number;
                            missing: number;
                            offPin: number;
                            outdated: number;
                        };
                        groupId: string;
                        machines: {
                            deviceId: string;
                            deviceName: string;
                            entries: {
                                appId: number;
                                installedVersion: string | null;
                                /** @enum {string} */
                                kind: "missing" | "extra" | "outdated" | "off_pin";
                                name: string;
                                since: string;
                                wantedVersion: string | null;
                            }[];
                            inventoryCheckedAt: string | null;
                            platform: string;
                        }[];
                        offset: number;
                        total: number;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
        };
    };
    addGroupList: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
                listId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        group: {
                            createdAt: string;
                            drift: {
                                extra: number;
                                machines: number;
                                missing: number;
                                offPin: number;
                                outdated: number;
                            };
                            id: string;
                            listCount: number;
                            lists: {
                                addedAt: string;
                                appCount: number;
                                listId: string;
                                listName: string;
                            }[];
                            memberCount: number;
                            members: {
                                deviceId: string;
                                deviceName: string;
                                joinedAt: string;
                                platform: string;
                                /** @enum {string} */
                                source: "hand" | "rule" | "token";
                                tags: string[];
                            }[];
                            name: string;
                            removeTakenOut: boolean;
                            rule: {
                                namePattern: string | null;
                                /** @enum {string|null} */
                                platform: "windows" | "macos" | "linux" | null;
                                tag: string | null;
                            } | null;
                        };
                        installationIds: string[];
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
        };
    };
    removeGroupList: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
                listId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        createdAt: string;
                        drift: {
                            extra: number;
                            machines: number;
                            missing: number;
                            offPin: number;
                            outdated: number;
                        };
                        id: string;
                        listCount: number;
                        lists: {
                            addedAt: string;
                            appCount: number;
                            listId: string;
                            listName: string;
                        }[];
                        memberCount: number;
                        members: {
                            deviceId: string;
                            deviceName: string;
                            joinedAt: string;
                            platform: string;
                            /** @enum {string} */
                            source: "hand" | "rule" | "token";
                            tags: string[];
                        }[];
                        name: string;
                        removeTakenOut: boolean;
                        rule: {
                            namePattern: string | null;
                            /** @enum {string|null} */
                            platform: "windows" | "macos" | "linux" | null;
                            tag: string | null;
                        } | null;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
        };
    };
    addGroupMember: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                deviceId: string;
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        group: {
                            createdAt: string;
                            drift: {
                                extra: number;
                                machines: number;
                                missing: number;
                                offPin: number;
                                outdated: number;
                            };
                            id: string;
                            listCount: number;
                            lists: {
                                addedAt: string;
                                appCount: number;
                                listId: string;
                                listName: string;
                            }[];
                            memberCount: number;
                            members: {
                                deviceId: string;
                                deviceName: string;
                                joinedAt: string;
                                platform: string;
                                /** @enum {string} */
                                source: "hand" | "rule" | "token";
                                tags: string[];
                            }[];
                            name: string;
                            removeTakenOut: boolean;
                            rule: {
                                namePattern: string | null;
                                /** @enum {string|null} */
                                platform: "windows" | "macos" | "linux" | null;
                                tag: string | null;
                            } | null;
                        };
                        installationIds: string[];
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
        };
    };
    removeGroupMember: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                deviceId: string;
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        createdAt: string;
                        drift: {
                            extra: number;
                            machines: number;
                            missing: number;
                            offPin: number;
                            outdated: number;
                        };
                        id: string;
                        listCount: number;
                        lists: {
                            addedAt: string;
                            appCount: number;
                            listId: string;
                            listName: string;
                        }[];
                        memberCount: number;
                        members: {
                            deviceId: string;
                            deviceName: string;
                            joinedAt: string;
                            platform: string;
                            /** @enum {string} */
                            source: "hand" | "rule" | "token";
                            tags: string[];
                        }[];
                        name: string;
                        removeTakenOut: boolean;
                        rule: {
                            namePattern: string | null;
                            /** @enum {string|null} */
                            platform: "windows" | "macos" | "linux" | null;
                            tag: string | null;
                        } | null;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
        };
    };
    listGroupRemovals: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        removals: {
                            appId: number;
                            appName: string;
                            createdAt: string;
                            id: string;
                            machines: {
                                check: {
                                    appId: number;
                                    appName: string;
                                    checkId: string;
                                    createdAt: string;
                                    deviceId: string;
                                    installedVersion: string | null;
                                    /** @enum {string|null} */
                                    manager: "winget" | "choco" | "brew" | "apt" | "flatpak" | "snap" | "simulated" | null;
                                    packageId: string | null;
                                    purgeOffered: boolean;
                                    refused: string | null;
                                    removes: {
                                        name: string;
                                        version: string;
                                    }[];
                                    /** @enum {string} */
                                    status: "pending" | "ready" | "unanswered";
                                };
                                deviceId: string;
                                deviceName: string;
                                installationId: string | null;
                            }[];
                        }[];
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
        };
    };
    checkGroupRemovalAgain: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
                removalId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        appId: number;
                        appName: string;
                        createdAt: string;
                        id: string;
                        machines: {
                            check: {
                                appId: number;
                                appName: string;
                                checkId: string;
                                createdAt: string;
                                deviceId: string;
                                installedVersion: string | null;
                                /** @enum {string|null} */
                                manager: "winget" | "choco" | "brew" | "apt" | "flatpak" | "snap" | "simulated" | null;
                                packageId: string | null;
                                purgeOffered: boolean;
                                refused: string | null;
                                removes: {
                                    name: string;
                                    version: string;
                                }[];
                                /** @enum {string} */
                                status: "pending" | "ready" | "unanswered";
                            };
                            deviceId: string;
                            deviceName: string;
                            installationId: string | null;
                        }[];
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
        };
    };
    confirmGroupRemoval: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
                removalId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    confirmName?: string;
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        installationIds: string[];
                        skipped: {
                            deviceId: string;
                            deviceName: string;
                            reason: string;
                        }[];
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            413: components["responses"]["PayloadTooLarge"];
        };
    };
    keepGroupRemoval: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
                removalId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        message?: string;
                        /** @enum {boolean} */
                        success: true;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
        };
    };
    getHealth: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {string} */
                        database: "sqlite" | "postgres";
                        /** @enum {string} */
                        status: "ok";
                        uptimeSeconds: number;
                        version: string;
                    };
                };
            };
        };
    };
    listHistory: {
        parameters: {
            query?: {
                appId?: number;
                cursor?: string;
                deviceId?: string;
                from?: string;
                kind?: "install" | "upgrade" | "uninstall";
                limit?: number;
                listId?: string;
                outcome?: "succeeded" | "failed" | "skipped";
                to?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        entries: {
                            appId: number;
                            appName: string;
                            createdAt: string;
                            deviceId: string;
                            deviceName: string;
                            id: string;
                            installationId: string;
                            /** @enum {string} */
                            kind: "install" | "upgrade" | "uninstall";
                            listId: string | null;
                            listName: string | null;
                            /** @enum {string|null} */
                            manager: "winget" | "choco" | "brew" | "apt" | "flatpak" | "snap" | "simulated" | null;
                            message: string | null;
                            /** @enum {string} */
                            outcome: "succeeded" | "failed" | "skipped";
                            versionAfter: string | null;
                            versionBefore: string | null;
                        }[];
                        nextCursor: string | null;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
        };
    };
    exportHistoryCsv: {
        parameters: {
            query?: {
                appId?: number;
                deviceId?: string;
                from?: string;
                kind?: "install" | "upgrade" | "uninstall";
                listId?: string;
                outcome?: "succeeded" | "failed" | "skipped";
                to?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The file */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/csv": string;
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
        };
    };
    listInstallations: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        installations: {
                            appNames: string[];
                            counts: {
                                cancelled: number;
                                deferred: number;
                                failed: number;
                                installing: number;
                                queued: number;
                                skipped: number;
                                succeeded: number;
                            };
                            createdAt: string;
                            devices: {
                                deviceId: string;
                                deviceName: string;
                                /** @enum {string} */
                                status: "waiting" | "running" | "done" | "cancelled" | "expired";
                            }[];
                            finishedAt: string | null;
                            id: string;
                            /** @enum {string} */
                            kind: "install" | "upgrade" | "uninstall";
                            listId: string | null;
                            listName: string | null;
                            /** @enum {string} */
                            status: "waiting" | "running" | "succeeded" | "failed" | "cancelled" | "expired";
                        }[];
                    };
                };
            };
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
        };
    };
    createInstallation: {
        parameters: {
            query?: never;
            header?: {
                "idempotency-key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    appIds?: number[];
                    atNextStart?: {
                        /** Format: date-time */
                        deadline: string;
                    };
                    confirmName?: string;
                    deviceIds: string[];
                    /**
                     * @default install
                     * @enum {string}
                     */
                    kind?: "install" | "upgrade" | "uninstall";
                    listId?: string;
                    purge?: boolean;
                    removalCheckId?: string;
                };
            };
        };
        responses: {
            /** @description Default Response */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        counts: {
                            cancelled: number;
                            deferred: number;
                            failed: number;
                            installing: number;
                            queued: number;
                            skipped: number;
                            succeeded: number;
                        };
                        createdAt: string;
                        finishedAt: string | null;
                        id: string;
                        /** @enum {string} */
                        kind: "install" | "upgrade" | "uninstall";
                        listId: string | null;
                        listName: string | null;
                        /** @enum {string} */
                        status: "waiting" | "running" | "succeeded" | "failed" | "cancelled" | "expired";
                        targets: {
                            deviceId: string;
                            deviceName: string;
                            deviceOnline: boolean;
                            deviceSeenAt: string | null;
                            finishedAt: string | null;
                            items: {
                                appId: number;
                                exitCode: number | null;
                                hasLog: boolean;
                                itemId: string;
                                /** @enum {string|null} */
                                manager: "winget" | "choco" | "brew" | "apt" | "flatpak" | "snap" | "simulated" | null;
                                message: string | null;
                                name: string;
                                /** @enum {string} */
                                status: "queued" | "deferred" | "installing" | "succeeded" | "failed" | "skipped" | "cancelled";
                                updatedAt: string;
                                version: string | null;
                            }[];
                            nextStartBy: string | null;
                            platform: string;
                            reason: string | null;
                            startedAt: string | null;
                            /** @enum {string} */
                            status: "waiting" | "running" | "done" | "cancelled" | "expired";
                            targetId: string;
                        }[];
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
        };
    };
    getInstallation: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        counts: {
                            cancelled: number;
                            deferred: number;
                            failed: number;
                            installing: number;
                            queued: number;
                            skipped: number;
                            succeeded: number;
                        };
                        createdAt: string;
                        finishedAt: string | null;
                        id: string;
                        /** @enum {string} */
                        kind: "install" | "upgrade" | "uninstall";
                        listId: string | null;
                        listName: string | null;
                        /** @enum {string} */
                        status: "waiting" | "running" | "succeeded" | "failed" | "cancelled" | "expired";
                        targets: {
                            deviceId: string;
                            deviceName: string;
                            deviceOnline: boolean;
                            deviceSeenAt: string | null;
                            finishedAt: string | null;
                            items: {
                                appId: number;
                                exitCode: number | null;
                                hasLog: boolean;
                                itemId: string;
                                /** @enum {string|null} */
                                manager: "winget" | "choco" | "brew" | "apt" | "flatpak" | "snap" | "simulated" | null;
                                message: string | null;
                                name: string;
                                /** @enum {string} */
                                status: "queued" | "deferred" | "installing" | "succeeded" | "failed" | "skipped" | "cancelled";
                                updatedAt: string;
                                version: string | null;
                            }[];
                            nextStartBy: string | null;
                            platform: string;
                            reason: string | null;
                            startedAt: string | null;
                            /** @enum {string} */
                            status: "waiting" | "running" | "done" | "cancelled" | "expired";
                            targetId: string;
                        }[];
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
        };
    };
    cancelInstallation: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        counts: {
                            cancelled: number;
                            deferred: number;
                            failed: number;
                            installing: number;
                            queued: number;
                            skipped: number;
                            succeeded: number;
                        };
                        createdAt: string;
                        finishedAt: string | null;
                        id: string;
                        /** @enum {string} */
                        kind: "install" | "upgrade" | "uninstall";
                        listId: string | null;
                        listName: string | null;
                        /** @enum {string} */
                        status: "waiting" | "running" | "succeeded" | "failed" | "cancelled" | "expired";
                        targets: {
                            deviceId: string;
                            deviceName: string;
                            deviceOnline: boolean;
                            deviceSeenAt: string | null;
                            finishedAt: string | null;
                            items: {
                                appId: number;
                                exitCode: number | null;
                                hasLog: boolean;
                                itemId: string;
                                /** @enum {string|null} */
                                manager: "winget" | "choco" | "brew" | "apt" | "flatpak" | "snap" | "simulated" | null;
                                message: string | null;
                                name: string;
                                /** @enum {string} */
                                status: "queued" | "deferred" | "installing" | "succeeded" | "failed" | "skipped" | "cancelled";
                                updatedAt: string;
                                version: string | null;
                            }[];
                            nextStartBy: string | null;
                            platform: string;
                            reason: string | null;
                            startedAt: string | null;
                            /** @enum {string} */
                            status: "waiting" | "running" | "done" | "cancelled" | "expired";
                            targetId: string;
                        }[];
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
        };
    };
    getInstallationItemLog: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
                itemId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        exitCode: number | null;
                        log: string;
                        message: string | null;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
        };
    };
    retryInstallation: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        counts: {
                            cancelled: number;
                            deferred: number;
                            failed: number;
                            installing: number;
                            queued: number;
                            skipped: number;
                            succeeded: number;
                        };
                        createdAt: string;
                        finishedAt: string | null;
                        id: string;
                        /** @enum {string} */
                        kind: "install" | "upgrade" | "uninstall";
                        listId: string | null;
                        listName: string | null;
                        /** @enum {string} */
                        status: "waiting" | "running" | "succeeded" | "failed" | "cancelled" | "expired";
                        targets: {
                            deviceId: string;
                            deviceName: string;
                            deviceOnline: boolean;
                            deviceSeenAt: string | null;
                            finishedAt: string | null;
                            items: {
                                appId: number;
                                exitCode: number | null;
                                hasLog: boolean;
                                itemId: string;
                                /** @enum {string|null} */
                                manager: "winget" | "choco" | "brew" | "apt" | "flatpak" | "snap" | "simulated" | null;
                                message: string | null;
                                name: string;
                                /** @enum {string} */
                                status: "queued" | "deferred" | "installing" | "succeeded" | "failed" | "skipped" | "cancelled";
                                updatedAt: string;
                                version: string | null;
                            }[];
                            nextStartBy: string | null;
                            platform: string;
                            reason: string | null;
                            startedAt: string | null;
                            /** @enum {string} */
                            status: "waiting" | "running" | "done" | "cancelled" | "expired";
                            targetId: string;
                        }[];
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
        };
    };
    previewInstallation: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    deviceIds: string[];
                    listId: string;
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        devices: {
                            deviceId: string;
                            deviceName: string;
                            inventoryCheckedAt: string | null;
                            items: {
                                /** @enum {string} */
                                action: "install" | "already_installed" | "unavailable";
                                appId: number;
                                installedVersion: string | null;
                                /** @enum {string|null} */
                                manager: "winget" | "choco" | "brew" | "apt" | "flatpak" | "snap" | "simulated" | null;
                                name: string;
                                packageId: string | null;
                                reason: string | null;
                            }[];
                            platform: string;
                        }[];
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            413: components["responses"]["PayloadTooLarge"];
        };
    };
    listLists: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        appCount: number;
                        createdAt: string;
                        id: string;
                        name: string;
                        readOnly: boolean;
                        sizeKb: number;
                        unknownSizeCount: number;
                        updatedAt: string;
                    }[];
                };
            };
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
        };
    };
    createList: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    name: string;
                };
            };
        };
        responses: {
            /** @description Default Response */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        appCount: number;
                        apps: {
                            addedAt: string;
                            app_id: number;
                            apt_package: string | null;
                            category: number;
                            category_name: string;
                            choco_id: string | null;
                            curated: boolean;
                            description: string;
                            file_size_kb: number | null;
                            flatpak_id: string | null;
                            homebrew_cask: string | null;
                            homebrew_formula: string | null;
                            icon_file_location: string | null;
                            name: string;
                            own_app: boolean;
                            pinnedVersion: string | null;
                            platforms: ("windows" | "macos" | "linux")[];
                            position: number;
                            publisher: string;
                            size_kb: number | null;
                            snap_name: string | null;
                            website: string;
                            winget_id: string | null;
                        }[];
                        createdAt: string;
                        id: string;
                        name: string;
                        readOnly: boolean;
                        sizeKb: number;
                        unknownSizeCount: number;
                        updatedAt: string;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            413: components["responses"]["PayloadTooLarge"];
        };
    };
    renameList: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    name: string;
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        appCount: number;
                        apps: {
                            addedAt: string;
                            app_id: number;
                            apt_package: string | null;
                            category: number;
                            category_name: string;
                            choco_id: string | null;
                            curated: boolean;
                            description: string;
                            file_size_kb: number | null;
                            flatpak_id: string | null;
                            homebrew_cask: string | null;
                            homebrew_formula: string | null;
                            icon_file_location: string | null;
                            name: string;
                            own_app: boolean;
                            pinnedVersion: string | null;
                            platforms: ("windows" | "macos" | "linux")[];
                            position: number;
                            publisher: string;
                            size_kb: number | null;
                            snap_name: string | null;
                            website: string;
                            winget_id: string | null;
                        }[];
                        createdAt: string;
                        id: string;
                        name: string;
                        readOnly: boolean;
                        sizeKb: number;
                        unknownSizeCount: number;
                        updatedAt: string;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            413: components["responses"]["PayloadTooLarge"];
        };
    };
    deleteList: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        message?: string;
                        /** @enum {boolean} */
                        success: true;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
        };
    };
    exportList: {
        parameters: {
            query: {
                format: "winget" | "winget-configure" | "brewfile" | "flatpak" | "text";
                platform?: "windows" | "macos" | "linux";
            };
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The file */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": string;
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
        };
    };
    listListFollowers: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        followers: {
                            deviceId: string;
                            deviceName: string;
                            platform: string;
                            since: string;
                            uninstallRemoved: boolean;
                        }[];
                        listId: string;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
        };
    };
    followList: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                deviceId: string;
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @default false */
                    uninstallRemoved?: boolean;
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        follower: {
                            deviceId: string;
                            deviceName: string;
                            platform: string;
                            since: string;
                            uninstallRemoved: boolean;
                        };
                        installationId: string | null;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            413: components["responses"]["PayloadTooLarge"];
        };
    };
    unfollowList: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                deviceId: string;
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        message?: string;
                        /** @enum {boolean} */
                        success: true;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
        };
    };
    listListItems: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        items: {
                            addedAt: string;
                            app_id: number;
                            apt_package: string | null;
                            category: number;
                            category_name: string;
                            choco_id: string | null;
                            curated: boolean;
                            description: string;
                            file_size_kb: number | null;
                            flatpak_id: string | null;
                            homebrew_cask: string | null;
                            homebrew_formula: string | null;
                            icon_file_location: string | null;
                            name: string;
                            own_app: boolean;
                            pinnedVersion: string | null;
                            platforms: ("windows" | "macos" | "linux")[];
                            position: number;
                            publisher: string;
                            size_kb: number | null;
                            snap_name: string | null;
                            website: string;
                            winget_id: string | null;
                        }[];
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
        };
    };
    reorderListItems: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    appIds: number[];
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        appIds: number[];
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            413: components["responses"]["PayloadTooLarge"];
        };
    };
    addListItem: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    appId: number;
                };
            };
        };
        responses: {
            /** @description Default Response */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        addedAt: string;
                        app_id: number;
                        apt_package: string | null;
                        category: number;
                        category_name: string;
                        choco_id: string | null;
                        curated: boolean;
                        description: string;
                        file_size_kb: number | null;
                        flatpak_id: string | null;
                        homebrew_cask: string | null;
                        homebrew_formula: string | null;
                        icon_file_location: string | null;
                        name: string;
                        own_app: boolean;
                        pinnedVersion: string | null;
                        platforms: ("windows" | "macos" | "linux")[];
                        position: number;
                        publisher: string;
                        size_kb: number | null;
                        snap_name: string | null;
                        website: string;
                        winget_id: string | null;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
        };
    };
    removeListItem: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                appId: number;
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        message?: string;
                        /** @enum {boolean} */
                        success: true;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
        };
    };
    pinListItem: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                appId: number;
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    version: string;
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        addedAt: string;
                        app_id: number;
                        apt_package: string | null;
                        category: number;
                        category_name: string;
                        choco_id: string | null;
                        curated: boolean;
                        description: string;
                        file_size_kb: number | null;
                        flatpak_id: string | null;
                        homebrew_cask: string | null;
                        homebrew_formula: string | null;
                        icon_file_location: string | null;
                        name: string;
                        own_app: boolean;
                        pinnedVersion: string | null;
                        platforms: ("windows" | "macos" | "linux")[];
                        position: number;
                        publisher: string;
                        size_kb: number | null;
                        snap_name: string | null;
                        website: string;
                        winget_id: string | null;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            413: components["responses"]["PayloadTooLarge"];
        };
    };
    unpinListItem: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                appId: number;
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        addedAt: string;
                        app_id: number;
                        apt_package: string | null;
                        category: number;
                        category_name: string;
                        choco_id: string | null;
                        curated: boolean;
                        description: string;
                        file_size_kb: number | null;
                        flatpak_id: string | null;
                        homebrew_cask: string | null;
                        homebrew_formula: string | null;
                        icon_file_location: string | null;
                        name: string;
                        own_app: boolean;
                        pinnedVersion: string | null;
                        platforms: ("windows" | "macos" | "linux")[];
                        position: number;
                        publisher: string;
                        size_kb: number | null;
                        snap_name: string | null;
                        website: string;
                        winget_id: string | null;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
        };
    };
    getListSharing: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        categoryId: number | null;
                        copyCount: number;
                        description: string;
                        sharedAt: string | null;
                        shareId: string | null;
                        shareUrl: string | null;
                        /** @enum {string} */
                        visibility: "private" | "unlisted" | "public";
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
        };
    };
    updateListSharing: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    categoryId?: number | null;
                    description?: string;
                    /** @enum {string} */
                    visibility: "private" | "unlisted" | "public";
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        categoryId: number | null;
                        copyCount: number;
                        description: string;
                        sharedAt: string | null;
                        shareId: string | null;
                        shareUrl: string | null;
                        /** @enum {string} */
                        visibility: "private" | "unlisted" | "public";
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            413: components["responses"]["PayloadTooLarge"];
        };
    };
    getListStatus: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        devices: {
                            apps: {
                                appId: number;
                                availableVersion: string | null;
                                installedVersion: string | null;
                                /** @enum {string|null} */
                                manager: "winget" | "choco" | "brew" | "apt" | "flatpak" | "snap" | "simulated" | null;
                                name: string;
                                /** @enum {string} */
                                state: "installed" | "outdated" | "missing" | "unknown";
                                /** @enum {string|null} */
                                unknownReason: "no_inventory" | "not_available" | null;
                            }[];
                            deviceId: string;
                            deviceName: string;
                            inventoryCheckedAt: string | null;
                            online: boolean;
                            platform: string;
                        }[];
                        listId: string;
                        listName: string;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
        };
    };
    importList: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    content: string;
                    /** @enum {string} */
                    format: "winget" | "winget-configure" | "brewfile" | "flatpak" | "text";
                    keep?: number[];
                    name: string;
                    split?: boolean;
                };
            };
        };
        responses: {
            /** @description Default Response */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        list: {
                            appCount: number;
                            apps: {
                                addedAt: string;
                                app_id: number;
                                apt_package: string | null;
                                category: number;
                                category_name: string;
                                choco_id: string | null;
                                curated: boolean;
                                description: string;
                                file_size_kb: number | null;
                                flatpak_id: string | null;
                                homebrew_cask: string | null;
                                homebrew_formula: string | null;
                                icon_file_location: string | null;
                                name: string;
                                own_app: boolean;
                                pinnedVersion: string | null;
                                platforms: ("windows" | "macos" | "linux")[];
                                position: number;
                                publisher: string;
                                size_kb: number | null;
                                snap_name: string | null;
                                website: string;
                                winget_id: string | null;
                            }[];
                            createdAt: string;
                            id: string;
                            name: string;
                            readOnly: boolean;
                            sizeKb: number;
                            unknownSizeCount: number;
                            updatedAt: string;
                        };
                        lists: {
                            appCount: number;
                            apps: {
                                addedAt: string;
                                app_id: number;
                                apt_package: string | null;
                                category: number;
                                category_name: string;
                                choco_id: string | null;
                                curated: boolean;
                                description: string;
                                file_size_kb: number | null;
                                flatpak_id: string | null;
                                homebrew_cask: string | null;
                                homebrew_formula: string | null;
                                icon_file_location: string | null;
                                name: string;
                                own_app: boolean;
                                pinnedVersion: string | null;
                                platforms: ("windows" | "macos" | "linux")[];
                                position: number;
                                publisher: string;
                                size_kb: number | null;
                                snap_name: string | null;
                                website: string;
                                winget_id: string | null;
                            }[];
                            createdAt: string;
                            id: string;
                            name: string;
                            readOnly: boolean;
                            sizeKb: number;
                            unknownSizeCount: number;
                            updatedAt: string;
                        }[];
                        notes: {
                            line: number | null;
                            /** @enum {string} */
                            reason: "code" | "condition" | "setting" | "tap" | "tappedPackage" | "appStore" | "extension" | "otherTool" | "storeSource" | "otherResource" | "absent" | "runtime" | "invalidId" | "notFound" | "ownAppLimit";
                            written: string;
                        }[];
                        skippedForLimit: string[];
                        unmatched: string[];
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            413: components["responses"]["PayloadTooLarge"];
        };
    };
    previewListImport: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    content: string;
                    /** @enum {string} */
                    format: "winget" | "winget-configure" | "brewfile" | "flatpak" | "text";
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        apps: {
                            appId: number | null;
                            /** @enum {string|null} */
                            field: "winget_id" | "choco_id" | "homebrew_cask" | "homebrew_formula" | "apt_package" | "flatpak_id" | "snap_name" | null;
                            line: number | null;
                            name: string;
                            packageId: string | null;
                            written: string;
                        }[];
                        appsPerList: number;
                        listsLeft: number | null;
                        notes: {
                            line: number | null;
                            /** @enum {string} */
                            reason: "code" | "condition" | "setting" | "tap" | "tappedPackage" | "appStore" | "extension" | "otherTool" | "storeSource" | "otherResource" | "absent" | "runtime" | "invalidId" | "notFound" | "ownAppLimit";
                            written: string;
                        }[];
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            413: components["responses"]["PayloadTooLarge"];
        };
    };
    listListStatuses: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        lists: {
                            devices: number;
                            installed: number;
                            listId: string;
                            missing: number;
                            outdated: number;
                            unchecked: number;
                        }[];
                    };
                };
            };
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
        };
    };
    getNotificationSettings: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        failureMails: boolean;
                        inApp: boolean;
                        priorityMails: boolean;
                        updateDigest: boolean;
                    };
                };
            };
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
        };
    };
    updateNotificationSettings: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    failureMails?: boolean;
                    inApp?: boolean;
                    priorityMails?: boolean;
                    updateDigest?: boolean;
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        failureMails: boolean;
                        inApp: boolean;
                        priorityMails: boolean;
                        updateDigest: boolean;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            413: components["responses"]["PayloadTooLarge"];
        };
    };
    listNotifications: {
        parameters: {
            query?: {
                limit?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        notifications: {
                            body: string;
                            createdAt: string;
                            id: string;
                            /** @enum {string} */
                            kind: "installation_failed" | "updates_available" | "device_silent" | "rollout_stopped";
                            link: string | null;
                            readAt: string | null;
                            title: string;
                        }[];
                        unreadCount: number;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
        };
    };
    markNotificationsRead: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    ids?: string[];
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        unreadCount: number;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            413: components["responses"]["PayloadTooLarge"];
        };
    };
    getUnsubscribePage: {
        parameters: {
            query: {
                done?: "1";
                token: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The file */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                };
            };
            400: components["responses"]["BadRequest"];
            429: components["responses"]["TooManyRequests"];
        };
    };
    unsubscribe: {
        parameters: {
            query: {
                done?: "1";
                token: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {string} */
                        kind: "failureMails" | "updateDigest" | "priorityMails";
                        /** @enum {boolean} */
                        success: true;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
        };
    };
    listOwnApps: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        apps: {
                            app_id: number;
                            apt_package: string | null;
                            choco_id: string | null;
                            createdAt: string;
                            flatpak_id: string | null;
                            homebrew_cask: string | null;
                            homebrew_formula: string | null;
                            name: string;
                            platforms: ("windows" | "macos" | "linux")[];
                            snap_name: string | null;
                            winget_id: string | null;
                        }[];
                    };
                };
            };
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
        };
    };
    createOwnApp: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @default null */
                    apt_package?: string | null;
                    /** @default null */
                    choco_id?: string | null;
                    /** @default null */
                    flatpak_id?: string | null;
                    /** @default null */
                    homebrew_cask?: string | null;
                    /** @default null */
                    homebrew_formula?: string | null;
                    name: string;
                    /** @default null */
                    snap_name?: string | null;
                    /** @default null */
                    winget_id?: string | null;
                };
            };
        };
        responses: {
            /** @description Default Response */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        app_id: number;
                        apt_package: string | null;
                        choco_id: string | null;
                        createdAt: string;
                        flatpak_id: string | null;
                        homebrew_cask: string | null;
                        homebrew_formula: string | null;
                        name: string;
                        platforms: ("windows" | "macos" | "linux")[];
                        snap_name: string | null;
                        winget_id: string | null;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
        };
    };
    updateOwnApp: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @default null */
                    apt_package?: string | null;
                    /** @default null */
                    choco_id?: string | null;
                    /** @default null */
                    flatpak_id?: string | null;
                    /** @default null */
                    homebrew_cask?: string | null;
                    /** @default null */
                    homebrew_formula?: string | null;
                    name: string;
                    /** @default null */
                    snap_name?: string | null;
                    /** @default null */
                    winget_id?: string | null;
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        app_id: number;
                        apt_package: string | null;
                        choco_id: string | null;
                        createdAt: string;
                        flatpak_id: string | null;
                        homebrew_cask: string | null;
                        homebrew_formula: string | null;
                        name: string;
                        platforms: ("windows" | "macos" | "linux")[];
                        snap_name: string | null;
                        winget_id: string | null;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
        };
    };
    deleteOwnApp: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        message?: string;
                        /** @enum {boolean} */
                        success: true;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
        };
    };
    createPaymentIntent: {
        parameters: {
            query?: never;
            header?: {
                "idempotency-key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    amount?: number;
                    plan: string;
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        amount: number;
                        clientSecret: string;
                        currency: string;
                        paymentIntentId: string;
                        /** @enum {string} */
                        provider: "sandbox" | "stripe";
                        publishableKey: string | null;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            413: components["responses"]["PayloadTooLarge"];
        };
    };
    authenticateSandboxPayment: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    clientSecret: string;
                    /** @enum {string} */
                    result: "complete" | "fail";
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            code: string;
                            declineCode?: string;
                            message: string;
                        };
                        paymentIntent?: {
                            id: string;
                            /** @enum {string} */
                            status: "requires_payment_method" | "requires_confirmation" | "requires_action" | "processing" | "requires_capture" | "canceled" | "succeeded";
                        };
                    } | {
                        paymentIntent: {
                            id: string;
                            /** @enum {string} */
                            status: "requires_payment_method" | "requires_confirmation" | "requires_action" | "processing" | "requires_capture" | "canceled" | "succeeded";
                        };
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            413: components["responses"]["PayloadTooLarge"];
        };
    };
    confirmSandboxPayment: {
        parameters: {
            query?: never;
            header?: {
                "idempotency-key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @default  */
                    billingEmail?: string;
                    cardNumber: string;
                    clientSecret: string;
                    cvc: string;
                    expiry: string;
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            code: string;
                            declineCode?: string;
                            message: string;
                        };
                        paymentIntent?: {
                            id: string;
                            /** @enum {string} */
                            status: "requires_payment_method" | "requires_confirmation" | "requires_action" | "processing" | "requires_capture" | "canceled" | "succeeded";
                        };
                    } | {
                        paymentIntent: {
                            id: string;
                            /** @enum {string} */
                            status: "requires_payment_method" | "requires_confirmation" | "requires_action" | "processing" | "requires_capture" | "canceled" | "succeeded";
                        };
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            413: components["responses"]["PayloadTooLarge"];
        };
    };
    verifyPayment: {
        parameters: {
            query?: never;
            header?: {
                "idempotency-key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    paymentIntentId: string;
                    planType: string;
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        currentPlan?: {
                            displayName: string;
                            features: string[];
                            limits: {
                                appsPerList: number;
                                bandwidth: string;
                                cooldownHours: number;
                                devices: number;
                                historyDays: number;
                                lists: number | null;
                                storage: string;
                            };
                            /** @enum {string} */
                            name: "free" | "premium" | "annual-premium";
                            /** @enum {string|null} */
                            pendingPlan: "free" | "premium" | "annual-premium" | null;
                            /** @enum {string} */
                            plan_type: "free" | "premium" | "annual-premium";
                            seats: {
                                limit: number;
                                used: number;
                            };
                            /** @enum {string} */
                            status: "active" | "downgrade";
                            updatedAt: string;
                            validUntil: string | null;
                        };
                        error?: string;
                        success: boolean;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
        };
    };
    receiveStripeWebhook: {
        parameters: {
            query?: never;
            header?: {
                "stripe-signature"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        duplicate?: boolean;
                        /** @enum {boolean} */
                        received: true;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            404: components["responses"]["NotFound"];
        };
    };
    listPayments: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        payments: {
                            amount: number;
                            completedAt: string | null;
                            createdAt: string;
                            currency: string;
                            failureMessage: string | null;
                            id: string;
                            /** @enum {string} */
                            plan: "free" | "premium" | "annual-premium";
                            /** @enum {string} */
                            provider: "sandbox" | "stripe";
                            providerPaymentId: string;
                            /** @enum {string} */
                            status: "pending" | "requires_action" | "succeeded" | "failed" | "canceled";
                        }[];
                    };
                };
            };
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
        };
    };
    listRollouts: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        rollouts: {
                            appId: number;
                            appName: string;
                            createdAt: string;
                            failures: {
                                at: string;
                                deviceId: string;
                                deviceName: string;
                                message: string;
                                ring: number;
                            }[];
                            id: string;
                            policyId: string;
                            policyName: string;
                            ring: number;
                            rings: {
                                failed: number;
                                name: string;
                                openedAt: string | null;
                                sent: number;
                                succeeded: number;
                            }[];
                            /** @enum {string} */
                            state: "running" | "stopped" | "cancelled" | "done";
                            stoppedReason: string | null;
                            updatedAt: string;
                            version: string;
                        }[];
                    };
                };
            };
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
        };
    };
    cancelRollout: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        message?: string;
                        /** @enum {boolean} */
                        success: true;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
        };
    };
    resumeRollout: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        message?: string;
                        /** @enum {boolean} */
                        success: true;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
        };
    };
    getSharedList: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                shareId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        apps: {
                            app_id: number;
                            apt_package: string | null;
                            category: number;
                            category_name: string;
                            choco_id: string | null;
                            curated: boolean;
                            description: string;
                            file_size_kb: number | null;
                            flatpak_id: string | null;
                            homebrew_cask: string | null;
                            homebrew_formula: string | null;
                            icon_file_location: string | null;
                            name: string;
                            own_app: boolean;
                            pinnedVersion: string | null;
                            platforms: ("windows" | "macos" | "linux")[];
                            publisher: string;
                            snap_name: string | null;
                            website: string;
                            winget_id: string | null;
                        }[];
                        categoryId: number | null;
                        categoryName: string | null;
                        copyCount: number;
                        description: string;
                        name: string;
                        platforms: ("windows" | "macos" | "linux")[];
                        sharedAt: string;
                        shareId: string;
                        /** @enum {string} */
                        visibility: "unlisted" | "public";
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["TooManyRequests"];
        };
    };
    copySharedList: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                shareId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        appCount: number;
                        apps: {
                            addedAt: string;
                            app_id: number;
                            apt_package: string | null;
                            category: number;
                            category_name: string;
                            choco_id: string | null;
                            curated: boolean;
                            description: string;
                            file_size_kb: number | null;
                            flatpak_id: string | null;
                            homebrew_cask: string | null;
                            homebrew_formula: string | null;
                            icon_file_location: string | null;
                            name: string;
                            own_app: boolean;
                            pinnedVersion: string | null;
                            platforms: ("windows" | "macos" | "linux")[];
                            position: number;
                            publisher: string;
                            size_kb: number | null;
                            snap_name: string | null;
                            website: string;
                            winget_id: string | null;
                        }[];
                        createdAt: string;
                        id: string;
                        name: string;
                        readOnly: boolean;
                        sizeKb: number;
                        unknownSizeCount: number;
                        updatedAt: string;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["TooManyRequests"];
        };
    };
    cancelDowngrade: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        currentPlan: {
                            displayName: string;
                            features: string[];
                            limits: {
                                appsPerList: number;
                                bandwidth: string;
                                cooldownHours: number;
                                devices: number;
                                historyDays: number;
                                lists: number | null;
                                storage: string;
                            };
                            /** @enum {string} */
                            name: "free" | "premium" | "annual-premium";
                            /** @enum {string|null} */
                            pendingPlan: "free" | "premium" | "annual-premium" | null;
                            /** @enum {string} */
                            plan_type: "free" | "premium" | "annual-premium";
                            seats: {
                                limit: number;
                                used: number;
                            };
                            /** @enum {string} */
                            status: "active" | "downgrade";
                            updatedAt: string;
                            validUntil: string | null;
                        };
                        /** @enum {boolean} */
                        success: true;
                    };
                };
            };
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            409: components["responses"]["Conflict"];
        };
    };
    downgradeSubscription: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    targetPlan: string;
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        currentPlan: {
                            displayName: string;
                            features: string[];
                            limits: {
                                appsPerList: number;
                                bandwidth: string;
                                cooldownHours: number;
                                devices: number;
                                historyDays: number;
                                lists: number | null;
                                storage: string;
                            };
                            /** @enum {string} */
                            name: "free" | "premium" | "annual-premium";
                            /** @enum {string|null} */
                            pendingPlan: "free" | "premium" | "annual-premium" | null;
                            /** @enum {string} */
                            plan_type: "free" | "premium" | "annual-premium";
                            seats: {
                                limit: number;
                                used: number;
                            };
                            /** @enum {string} */
                            status: "active" | "downgrade";
                            updatedAt: string;
                            validUntil: string | null;
                        };
                        effectiveDate: string;
                        message: string;
                        /** @enum {string} */
                        newPlan: "free" | "premium" | "annual-premium";
                        /** @enum {boolean} */
                        success: true;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            413: components["responses"]["PayloadTooLarge"];
        };
    };
    getSubscription: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        currentPlan: {
                            displayName: string;
                            features: string[];
                            limits: {
                                appsPerList: number;
                                bandwidth: string;
                                cooldownHours: number;
                                devices: number;
                                historyDays: number;
                                lists: number | null;
                                storage: string;
                            };
                            /** @enum {string} */
                            name: "free" | "premium" | "annual-premium";
                            /** @enum {string|null} */
                            pendingPlan: "free" | "premium" | "annual-premium" | null;
                            /** @enum {string} */
                            plan_type: "free" | "premium" | "annual-premium";
                            seats: {
                                limit: number;
                                used: number;
                            };
                            /** @enum {string} */
                            status: "active" | "downgrade";
                            updatedAt: string;
                            validUntil: string | null;
                        };
                    };
                };
            };
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
        };
    };
    getSubscriptionFallback: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        currentPlan: {
                            displayName: string;
                            features: string[];
                            limits: {
                                appsPerList: number;
                                bandwidth: string;
                                cooldownHours: number;
                                devices: number;
                                historyDays: number;
                                lists: number | null;
                                storage: string;
                            };
                            /** @enum {string} */
                            name: "free" | "premium" | "annual-premium";
                            /** @enum {string|null} */
                            pendingPlan: "free" | "premium" | "annual-premium" | null;
                            /** @enum {string} */
                            plan_type: "free" | "premium" | "annual-premium";
                            seats: {
                                limit: number;
                                used: number;
                            };
                            /** @enum {string} */
                            status: "active" | "downgrade";
                            updatedAt: string;
                            validUntil: string | null;
                        };
                    };
                };
            };
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
        };
    };
    upgradeSubscription: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    currentPlan?: string;
                    plan: string;
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        amount: number;
                        currency: string;
                        paymentUrl: string;
                        /** @enum {string} */
                        plan: "free" | "premium" | "annual-premium";
                        /** @enum {boolean} */
                        requiresPayment: true;
                        /** @enum {boolean} */
                        success: true;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            413: components["responses"]["PayloadTooLarge"];
        };
    };
    listDeviceTokens: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        tokens: {
                            code: string;
                            created_at: string;
                            expires_at: string;
                            groupId: string | null;
                            groupName: string | null;
                            id: string;
                            max_uses: number;
                            registration_url: string;
                            uses: number;
                        }[];
                    };
                };
            };
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
        };
    };
    listUpdatePolicies: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        policies: {
                            /** @enum {string} */
                            cadence: "daily" | "weekly";
                            createdAt: string;
                            deviceId: string | null;
                            exceptions: {
                                appId: number;
                                name: string;
                            }[];
                            failureThresholdPercent: number;
                            groupId: string | null;
                            id: string;
                            lastRunAt: string | null;
                            listId: string | null;
                            /** @enum {string} */
                            mode: "all" | "security" | "off";
                            nextWindow: {
                                closesAt: string;
                                opensAt: string;
                                timeZone: string;
                            } | null;
                            /** @enum {string} */
                            offline: "next-connection" | "next-window";
                            rings: {
                                groupId: string | null;
                                name: string;
                                percent: number | null;
                            }[];
                            soakHours: number;
                            /** @enum {string} */
                            target: "account" | "group" | "device" | "list";
                            targetName: string;
                            time: string;
                            timeZone: string;
                            updatedAt: string;
                            weekday: number | null;
                            windowMinutes: number;
                        }[];
                    };
                };
            };
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
        };
    };
    createUpdatePolicy: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @enum {string} */
                    cadence: "daily" | "weekly";
                    deviceId?: string;
                    /** @default [] */
                    exceptAppIds?: number[];
                    /** @default 20 */
                    failureThresholdPercent?: number;
                    groupId?: string;
                    listId?: string;
                    /**
                     * @default all
                     * @enum {string}
                     */
                    mode?: "all" | "security" | "off";
                    /**
                     * @default next-connection
                     * @enum {string}
                     */
                    offline?: "next-connection" | "next-window";
                    /** @default [] */
                    rings?: {
                        /** @default null */
                        groupId?: string | null;
                        /** @default null */
                        percent?: number | null;
                    }[];
                    /** @default 24 */
                    soakHours?: number;
                    time: string;
                    timeZone: string;
                    /** @default null */
                    weekday?: number | null;
                    /** @default 120 */
                    windowMinutes?: number;
                };
            };
        };
        responses: {
            /** @description Default Response */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {string} */
                        cadence: "daily" | "weekly";
                        createdAt: string;
                        deviceId: string | null;
                        exceptions: {
                            appId: number;
                            name: string;
                        }[];
                        failureThresholdPercent: number;
                        groupId: string | null;
                        id: string;
                        lastRunAt: string | null;
                        listId: string | null;
                        /** @enum {string} */
                        mode: "all" | "security" | "off";
                        nextWindow: {
                            closesAt: string;
                            opensAt: string;
                            timeZone: string;
                        } | null;
                        /** @enum {string} */
                        offline: "next-connection" | "next-window";
                        rings: {
                            groupId: string | null;
                            name: string;
                            percent: number | null;
                        }[];
                        soakHours: number;
                        /** @enum {string} */
                        target: "account" | "group" | "device" | "list";
                        targetName: string;
                        time: string;
                        timeZone: string;
                        updatedAt: string;
                        weekday: number | null;
                        windowMinutes: number;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
        };
    };
    updateUpdatePolicy: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @enum {string} */
                    cadence: "daily" | "weekly";
                    /** @default [] */
                    exceptAppIds?: number[];
                    /** @default 20 */
                    failureThresholdPercent?: number;
                    /**
                     * @default all
                     * @enum {string}
                     */
                    mode?: "all" | "security" | "off";
                    /**
                     * @default next-connection
                     * @enum {string}
                     */
                    offline?: "next-connection" | "next-window";
                    /** @default [] */
                    rings?: {
                        /** @default null */
                        groupId?: string | null;
                        /** @default null */
                        percent?: number | null;
                    }[];
                    /** @default 24 */
                    soakHours?: number;
                    time: string;
                    timeZone: string;
                    /** @default null */
                    weekday?: number | null;
                    /** @default 120 */
                    windowMinutes?: number;
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {string} */
                        cadence: "daily" | "weekly";
                        createdAt: string;
                        deviceId: string | null;
                        exceptions: {
                            appId: number;
                            name: string;
                        }[];
                        failureThresholdPercent: number;
                        groupId: string | null;
                        id: string;
                        lastRunAt: string | null;
                        listId: string | null;
                        /** @enum {string} */
                        mode: "all" | "security" | "off";
                        nextWindow: {
                            closesAt: string;
                            opensAt: string;
                            timeZone: string;
                        } | null;
                        /** @enum {string} */
                        offline: "next-connection" | "next-window";
                        rings: {
                            groupId: string | null;
                            name: string;
                            percent: number | null;
                        }[];
                        soakHours: number;
                        /** @enum {string} */
                        target: "account" | "group" | "device" | "list";
                        targetName: string;
                        time: string;
                        timeZone: string;
                        updatedAt: string;
                        weekday: number | null;
                        windowMinutes: number;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            413: components["responses"]["PayloadTooLarge"];
        };
    };
    deleteUpdatePolicy: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        message?: string;
                        /** @enum {boolean} */
                        success: true;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
        };
    };
    listWebhooks: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        endpoints: {
                            createdAt: string;
                            description: string;
                            disabledReason: string | null;
                            enabled: boolean;
                            events: ("installation.finished" | "drift.detected" | "machine.silent" | "rollback.finished")[];
                            failingSince: string | null;
                            id: string;
                            lastDelivery: {
                                at: string;
                                /** @enum {string} */
                                status: "pending" | "succeeded" | "failed";
                            } | null;
                            url: string;
                        }[];
                    };
                };
            };
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
        };
    };
    createWebhook: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @default  */
                    description?: string;
                    events: ("installation.finished" | "drift.detected" | "machine.silent" | "rollback.finished")[];
                    url: string;
                };
            };
        };
        responses: {
            /** @description Default Response */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        endpoint: {
                            createdAt: string;
                            description: string;
                            disabledReason: string | null;
                            enabled: boolean;
                            events: ("installation.finished" | "drift.detected" | "machine.silent" | "rollback.finished")[];
                            failingSince: string | null;
                            id: string;
                            lastDelivery: {
                                at: string;
                                /** @enum {string} */
                                status: "pending" | "succeeded" | "failed";
                            } | null;
                            url: string;
                        };
                        secret: string;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            413: components["responses"]["PayloadTooLarge"];
        };
    };
    getWebhook: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        createdAt: string;
                        description: string;
                        disabledReason: string | null;
                        enabled: boolean;
                        events: ("installation.finished" | "drift.detected" | "machine.silent" | "rollback.finished")[];
                        failingSince: string | null;
                        id: string;
                        lastDelivery: {
                            at: string;
                            /** @enum {string} */
                            status: "pending" | "succeeded" | "failed";
                        } | null;
                        url: string;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
        };
    };
    deleteWebhook: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        message?: string;
                        /** @enum {boolean} */
                        success: true;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
        };
    };
    updateWebhook: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    description?: string;
                    enabled?: boolean;
                    events?: ("installation.finished" | "drift.detected" | "machine.silent" | "rollback.finished")[];
                    url?: string;
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        createdAt: string;
                        description: string;
                        disabledReason: string | null;
                        enabled: boolean;
                        events: ("installation.finished" | "drift.detected" | "machine.silent" | "rollback.finished")[];
                        failingSince: string | null;
                        id: string;
                        lastDelivery: {
                            at: string;
                            /** @enum {string} */
                            status: "pending" | "succeeded" | "failed";
                        } | null;
                        url: string;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            413: components["responses"]["PayloadTooLarge"];
        };
    };
    listWebhookDeliveries: {
        parameters: {
            query?: {
                limit?: number;
                offset?: number;
            };
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        deliveries: {
                            attempts: number;
                            createdAt: string;
                            eventId: string;
                            eventType: string;
                            id: string;
                            nextAttemptAt: string | null;
                            replayOf: string | null;
                            responseStatus: number | null;
                            /** @enum {string} */
                            status: "pending" | "succeeded" | "failed";
                        }[];
                        offset: number;
                        total: number;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
        };
    };
    getWebhookDelivery: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                deliveryId: string;
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        attemptLog: {
                            at: string;
                            durationMs: number;
                            error: string | null;
                            responseBody: string | null;
                            responseStatus: number | null;
                        }[];
                        attempts: number;
                        createdAt: string;
                        eventId: string;
                        eventType: string;
                        id: string;
                        nextAttemptAt: string | null;
                        replayOf: string | null;
                        requestBody: string;
                        responseStatus: number | null;
                        /** @enum {string} */
                        status: "pending" | "succeeded" | "failed";
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
        };
    };
    replayWebhookDelivery: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                deliveryId: string;
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            202: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        delivery: {
                            attempts: number;
                            createdAt: string;
                            eventId: string;
                            eventType: string;
                            id: string;
                            nextAttemptAt: string | null;
                            replayOf: string | null;
                            responseStatus: number | null;
                            /** @enum {string} */
                            status: "pending" | "succeeded" | "failed";
                        };
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
        };
    };
    rollWebhookSecret: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        endpoint: {
                            createdAt: string;
                            description: string;
                            disabledReason: string | null;
                            enabled: boolean;
                            events: ("installation.finished" | "drift.detected" | "machine.silent" | "rollback.finished")[];
                            failingSince: string | null;
                            id: string;
                            lastDelivery: {
                                at: string;
                                /** @enum {string} */
                                status: "pending" | "succeeded" | "failed";
                            } | null;
                            url: string;
                        };
                        secret: string;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
        };
    };
    sendWebhookTest: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            202: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        delivery: {
                            attempts: number;
                            createdAt: string;
                            eventId: string;
                            eventType: string;
                            id: string;
                            nextAttemptAt: string | null;
                            replayOf: string | null;
                            responseStatus: number | null;
                            /** @enum {string} */
                            status: "pending" | "succeeded" | "failed";
                        };
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
        };
    };
    listCatalogueApps: {
        parameters: {
            query?: {
                category?: number;
                limit?: number;
                offset?: number;
                search?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        app_id: number;
                        apt_package: string | null;
                        category: number;
                        category_name: string;
                        choco_id: string | null;
                        curated: boolean;
                        description: string;
                        file_size_kb: number | null;
                        flatpak_id: string | null;
                        homebrew_cask: string | null;
                        homebrew_formula: string | null;
                        icon_file_location: string | null;
                        name: string;
                        platforms: ("windows" | "macos" | "linux")[];
                        publisher: string;
                        snap_name: string | null;
                        website: string;
                        winget_id: string | null;
                    }[];
                };
            };
            400: components["responses"]["BadRequest"];
        };
    };
    getCatalogueApp: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        app_id: number;
                        apt_package: string | null;
                        category: number;
                        category_name: string;
                        choco_id: string | null;
                        curated: boolean;
                        description: string;
                        file_size_kb: number | null;
                        flatpak_id: string | null;
                        homebrew_cask: string | null;
                        homebrew_formula: string | null;
                        icon_file_location: string | null;
                        name: string;
                        platforms: ("windows" | "macos" | "linux")[];
                        publisher: string;
                        snap_name: string | null;
                        website: string;
                        winget_id: string | null;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            404: components["responses"]["NotFound"];
        };
    };
    getCatalogueAppSources: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        sources: {
                            evidence: string;
                            /** @enum {string} */
                            field: "winget_id" | "choco_id" | "homebrew_cask" | "homebrew_formula" | "apt_package" | "flatpak_id" | "snap_name";
                            goneAt: string | null;
                            homepage: string;
                            licence: string;
                            name: string;
                            packageId: string;
                            version: string;
                        }[];
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            404: components["responses"]["NotFound"];
        };
    };
    listCategories: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        app_count: number;
                        category_id: number;
                        category_name: string;
                    }[];
                };
            };
        };
    };
    getAppIcon: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                appId: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequest"];
            404: components["responses"]["NotFound"];
        };
    };
    searchCatalogue: {
        parameters: {
            query?: {
                category?: number;
                limit?: number;
                offset?: number;
                platform?: "windows" | "macos" | "linux";
                q?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        apps: {
                            app_id: number;
                            apt_package: string | null;
                            category: number;
                            category_name: string;
                            choco_id: string | null;
                            curated: boolean;
                            description: string;
                            file_size_kb: number | null;
                            flatpak_id: string | null;
                            homebrew_cask: string | null;
                            homebrew_formula: string | null;
                            icon_file_location: string | null;
                            name: string;
                            platforms: ("windows" | "macos" | "linux")[];
                            publisher: string;
                            snap_name: string | null;
                            website: string;
                            winget_id: string | null;
                        }[];
                        limit: number;
                        offset: number;
                        total: number;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
        };
    };
}
