#ifndef ACCOUNTLINK_CSHIMS_H
#define ACCOUNTLINK_CSHIMS_H
#include <stdint.h>
int accountlink_shims_version(void);
#endif
