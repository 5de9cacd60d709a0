/// What asking Apple about the stored Apple ID gave at launch: Apple's answer, or an error (offline,
/// Apple unreachable) (https://developer.apple.com/documentation/authenticationservices/asauthorizationappleidprovider/getcredentialstate(foruserid:completion:)).
public enum AppleCredentialCheck: Sendable, Equatable {
    case answered(AppleCredentialState)
    case failed
}

/// What the app does about it. Only Apple's own `revoked` and `notFound` sign the app out; a check that
/// failed says nothing about the Apple ID, so the sign-in stays and the app asks again at the next launch.
public enum AppleLaunchAction: Sendable, Equatable {
    case keepSignedIn
    /// `transferred`: the app moved to another developer team and the stored Apple ID is the old team's;
    /// the sign-in stays (AccountLink follows the transfer, docs/sign-in.md) and the stored ID is
    /// forgotten, to be replaced at the next Sign in with Apple.
    case keepSignedInForgetAppleUser
    case signOut

    public init(_ check: AppleCredentialCheck) {
        switch check {
        case .failed, .answered(.authorized): self = .keepSignedIn
        case .answered(.transferred): self = .keepSignedInForgetAppleUser
        case .answered(.revoked), .answered(.notFound): self = .signOut
        }
    }
}

extension AccountLink {
    /// Acts on the launch check: signs out (here and at AccountLink) and forgets the stored Apple ID for
    /// `revoked` and `notFound`, forgets it for `transferred`, keeps everything when the check failed.
    @discardableResult
    public func handle(appleCredentialCheck check: AppleCredentialCheck, memory: AppleSignInMemory) async
        -> AppleLaunchAction
    {
        let action = AppleLaunchAction(check)
        switch action {
        case .keepSignedIn: break
        case .keepSignedInForgetAppleUser: try? memory.forgetAppleUser()
        case .signOut:
            try? memory.forgetAppleUser()
            try? await signOut()
        }
        return action
    }
}
