/* A test-only stand-in for Windows' bcryptprimitives.dll, for running
 * meichu.exe under Debian's wine 8.
 *
 * Rust's standard library (1.78 and later) imports ProcessPrng from
 * bcryptprimitives.dll, which every Windows 10 has and wine 8 lacks, so
 * meichu.exe does not start under wine 8 without this file. It is never
 * shipped: on Windows the system's DLL is used. ProcessPrng fills the buffer
 * from RtlGenRandom (advapi32's SystemFunction036), which wine provides.
 *
 * Build (done by .ci/windows):
 *   x86_64-w64-mingw32-gcc -shared -O2 -o bcryptprimitives.dll \
 *       bcryptprimitives.c bcryptprimitives.def -ladvapi32
 */
#include <windows.h>

/* RtlGenRandom's real name; declared here to avoid ntsecapi.h's macros. */
BOOLEAN WINAPI SystemFunction036(PVOID buffer, ULONG length);

BOOL WINAPI ProcessPrng(PBYTE data, SIZE_T length)
{
    while (length > 0) {
        ULONG chunk = length > 0x10000000 ? 0x10000000 : (ULONG)length;
        if (!SystemFunction036(data, chunk)) {
            return FALSE;
        }
        data += chunk;
        length -= chunk;
    }
    return TRUE;
}
