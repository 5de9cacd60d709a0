// Declaration-only stand-in of the Security (Keychain) API AccountLinkKit uses, for `make ios-typecheck`
// (IOSTypecheck/README.md). Follows the iOS 18.0 SDK. The Core Foundation types are toll-free bridged
// to Foundation's classes on Apple platforms; the aliases below give them that same bridging here.
import Foundation

/// https://developer.apple.com/documentation/corefoundation/cfstring (Core Foundation, re-exported by Security) · iOS 18.0 SDK
public typealias CFString = NSString
/// https://developer.apple.com/documentation/corefoundation/cfdictionary (Core Foundation, re-exported by Security) · iOS 18.0 SDK
public typealias CFDictionary = NSDictionary
/// https://developer.apple.com/documentation/corefoundation/cftyperef (Core Foundation, re-exported by Security) · iOS 18.0 SDK
public typealias CFTypeRef = AnyObject
/// https://developer.apple.com/documentation/kernel/osstatus (MacTypes, re-exported by Security) · iOS 18.0 SDK
public typealias OSStatus = Int32

/// https://developer.apple.com/documentation/security/errsecsuccess · iOS 18.0 SDK
public var errSecSuccess: OSStatus { 0 }
/// https://developer.apple.com/documentation/security/errsecitemnotfound · iOS 18.0 SDK
public var errSecItemNotFound: OSStatus { -25300 }

/// https://developer.apple.com/documentation/security/ksecclass · iOS 18.0 SDK
public let kSecClass: CFString = "class"
/// https://developer.apple.com/documentation/security/ksecclassgenericpassword · iOS 18.0 SDK
public let kSecClassGenericPassword: CFString = "genp"
/// https://developer.apple.com/documentation/security/ksecattrservice · iOS 18.0 SDK
public let kSecAttrService: CFString = "svce"
/// https://developer.apple.com/documentation/security/ksecattraccount · iOS 18.0 SDK
public let kSecAttrAccount: CFString = "acct"
/// https://developer.apple.com/documentation/security/ksecattraccessible · iOS 18.0 SDK
public let kSecAttrAccessible: CFString = "pdmn"
/// https://developer.apple.com/documentation/security/ksecattraccessibleafterfirstunlockthisdeviceonly · iOS 18.0 SDK
public let kSecAttrAccessibleAfterFirstUnlockThisDeviceOnly: CFString = "cku"
/// https://developer.apple.com/documentation/security/ksecreturndata · iOS 18.0 SDK
public let kSecReturnData: CFString = "r_Data"
/// https://developer.apple.com/documentation/security/ksecmatchlimit · iOS 18.0 SDK
public let kSecMatchLimit: CFString = "m_Limit"
/// https://developer.apple.com/documentation/security/ksecmatchlimitone · iOS 18.0 SDK
public let kSecMatchLimitOne: CFString = "m_LimitOne"
/// https://developer.apple.com/documentation/security/ksecvaluedata · iOS 18.0 SDK
public let kSecValueData: CFString = "v_Data"

/// https://developer.apple.com/documentation/security/secitemcopymatching(_:_:) · iOS 18.0 SDK
public func SecItemCopyMatching(_ query: CFDictionary, _ result: UnsafeMutablePointer<CFTypeRef?>?) -> OSStatus { 0 }
/// https://developer.apple.com/documentation/security/secitemadd(_:_:) · iOS 18.0 SDK
public func SecItemAdd(_ attributes: CFDictionary, _ result: UnsafeMutablePointer<CFTypeRef?>?) -> OSStatus { 0 }
/// https://developer.apple.com/documentation/security/secitemupdate(_:_:) · iOS 18.0 SDK
public func SecItemUpdate(_ query: CFDictionary, _ attributesToUpdate: CFDictionary) -> OSStatus { 0 }
/// https://developer.apple.com/documentation/security/secitemdelete(_:) · iOS 18.0 SDK
public func SecItemDelete(_ query: CFDictionary) -> OSStatus { 0 }
