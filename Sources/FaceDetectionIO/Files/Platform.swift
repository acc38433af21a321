#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

// What differs between the C libraries this module runs on (glibc or musl on Linux, libSystem on
// macOS and iOS), in one place: every other file of the module calls this. Built and tested on
// glibc only (docs/platforms.md).

/// The time of the last modification in `status`, in seconds since the epoch (`st_mtim` on Linux,
/// `st_mtimespec` on Darwin).
func modificationSeconds(of status: stat) -> Int {
    #if canImport(Darwin)
        return Int(status.st_mtimespec.tv_sec)
    #else
        return Int(status.st_mtim.tv_sec)
    #endif
}
