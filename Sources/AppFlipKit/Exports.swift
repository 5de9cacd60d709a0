/// `GoogleRedirectURIs` and `AppFlipRedirect` (the one redirect-URI rule the server uses too) are
/// part of AppFlipKit's API: an app that imports AppFlipKit sees them.
@_exported import GoogleRedirects
