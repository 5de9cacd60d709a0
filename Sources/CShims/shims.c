#include "CShims.h"
int accountlink_shims_version(void) { return 1; }
