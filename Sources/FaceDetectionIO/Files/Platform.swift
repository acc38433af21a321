// swift-format-ignore-file: AlwaysUseLowerCamelCase, TypeNamesShouldBeCapitalized
// (the declarations below carry the C library's own names)
// The C library, for the whole module: this is the one file of FaceDetectionIO that imports it
// (glibc or musl on Linux, libSystem on Apple systems). Swift imports are per file, so each C
// function, type and constant the module uses is declared here with its C name and signature and
// calls or returns the C library's own: the other files read as if they imported it, and run the
// same code. The import is internal: a client's `import FaceDetectionIO` does not bring the C
// library with it. A file that needs more of it adds it here, in each branch; what differs between
// the libraries (Darwin's `DIR *` and `st_mtimespec`) is here too. Each is `@_disfavoredOverload`:
// a test that reaches the module's internals with `@testable import` and imports the C library itself
// then calls the C library's own (the same function) instead of finding two. Built and tested on glibc only
// (docs/platforms.md).

#if canImport(Glibc)
    internal import Glibc

    /// A file's status, as `stat(2)` family calls fill it in (`stat()` is one filled with zeros).
    typealias stat = Glibc.stat

    /// The calling thread's last error number.
    @_disfavoredOverload var errno: Int32 {
        get { Glibc.errno }
        set { Glibc.errno = newValue }
    }

    @_disfavoredOverload func open(_ path: UnsafePointer<CChar>, _ flags: Int32) -> Int32 {
        Glibc.open(path, flags)
    }
    @_disfavoredOverload func open(_ path: UnsafePointer<CChar>, _ flags: Int32, _ mode: mode_t)
        -> Int32
    {
        Glibc.open(path, flags, mode)
    }
    @_disfavoredOverload @discardableResult func close(_ fd: Int32) -> Int32 { Glibc.close(fd) }
    @_disfavoredOverload func read(_ fd: Int32, _ buffer: UnsafeMutableRawPointer!, _ count: Int)
        -> Int
    {
        Glibc.read(fd, buffer, count)
    }
    @_disfavoredOverload func write(_ fd: Int32, _ buffer: UnsafeRawPointer!, _ count: Int) -> Int {
        Glibc.write(fd, buffer, count)
    }
    @_disfavoredOverload func fstat(_ fd: Int32, _ status: UnsafeMutablePointer<stat>) -> Int32 {
        Glibc.fstat(fd, status)
    }
    @_disfavoredOverload func lstat(
        _ path: UnsafePointer<CChar>, _ status: UnsafeMutablePointer<stat>
    ) -> Int32 {
        Glibc.lstat(path, status)
    }
    @_disfavoredOverload @discardableResult func unlink(_ path: UnsafePointer<CChar>) -> Int32 {
        Glibc.unlink(path)
    }
    @_disfavoredOverload func rename(_ old: UnsafePointer<CChar>!, _ new: UnsafePointer<CChar>!)
        -> Int32
    {
        Glibc.rename(old, new)
    }
    @_disfavoredOverload func opendir(_ path: UnsafePointer<CChar>) -> OpaquePointer! {
        Glibc.opendir(path)
    }
    @_disfavoredOverload func readdir(_ stream: OpaquePointer) -> UnsafeMutablePointer<dirent>! {
        Glibc.readdir(stream)
    }
    @_disfavoredOverload @discardableResult func closedir(_ stream: OpaquePointer) -> Int32 {
        Glibc.closedir(stream)
    }
    @_disfavoredOverload func time(_ result: UnsafeMutablePointer<time_t>!) -> time_t {
        Glibc.time(result)
    }
    @_disfavoredOverload func getpid() -> pid_t { Glibc.getpid() }
    @_disfavoredOverload func kill(_ pid: pid_t, _ signal: Int32) -> Int32 { Glibc.kill(pid, signal) }
    @_disfavoredOverload func strerror(_ code: Int32) -> UnsafeMutablePointer<CChar>! {
        Glibc.strerror(code)
    }

    @_disfavoredOverload var O_RDONLY: Int32 { Glibc.O_RDONLY }
    @_disfavoredOverload var O_WRONLY: Int32 { Glibc.O_WRONLY }
    @_disfavoredOverload var O_CREAT: Int32 { Glibc.O_CREAT }
    @_disfavoredOverload var O_EXCL: Int32 { Glibc.O_EXCL }
    @_disfavoredOverload var O_CLOEXEC: Int32 { Glibc.O_CLOEXEC }
    @_disfavoredOverload var S_IFMT: mode_t { Glibc.S_IFMT }
    @_disfavoredOverload var S_IFREG: mode_t { Glibc.S_IFREG }
    @_disfavoredOverload var S_IFDIR: mode_t { Glibc.S_IFDIR }
    @_disfavoredOverload var EACCES: Int32 { Glibc.EACCES }
    @_disfavoredOverload var EINTR: Int32 { Glibc.EINTR }
    @_disfavoredOverload var EIO: Int32 { Glibc.EIO }
    @_disfavoredOverload var EISDIR: Int32 { Glibc.EISDIR }
    @_disfavoredOverload var ENOENT: Int32 { Glibc.ENOENT }
    @_disfavoredOverload var ENOSPC: Int32 { Glibc.ENOSPC }
    @_disfavoredOverload var ENOTDIR: Int32 { Glibc.ENOTDIR }
    @_disfavoredOverload var EPERM: Int32 { Glibc.EPERM }
    @_disfavoredOverload var EROFS: Int32 { Glibc.EROFS }
#elseif canImport(Musl)
    internal import Musl

    /// A file's status, as `stat(2)` family calls fill it in (`stat()` is one filled with zeros).
    typealias stat = Musl.stat

    /// The calling thread's last error number.
    @_disfavoredOverload var errno: Int32 {
        get { Musl.errno }
        set { Musl.errno = newValue }
    }

    @_disfavoredOverload func open(_ path: UnsafePointer<CChar>, _ flags: Int32) -> Int32 {
        Musl.open(path, flags)
    }
    @_disfavoredOverload func open(_ path: UnsafePointer<CChar>, _ flags: Int32, _ mode: mode_t)
        -> Int32
    {
        Musl.open(path, flags, mode)
    }
    @_disfavoredOverload @discardableResult func close(_ fd: Int32) -> Int32 { Musl.close(fd) }
    @_disfavoredOverload func read(_ fd: Int32, _ buffer: UnsafeMutableRawPointer!, _ count: Int)
        -> Int
    {
        Musl.read(fd, buffer, count)
    }
    @_disfavoredOverload func write(_ fd: Int32, _ buffer: UnsafeRawPointer!, _ count: Int) -> Int {
        Musl.write(fd, buffer, count)
    }
    @_disfavoredOverload func fstat(_ fd: Int32, _ status: UnsafeMutablePointer<stat>) -> Int32 {
        Musl.fstat(fd, status)
    }
    @_disfavoredOverload func lstat(
        _ path: UnsafePointer<CChar>, _ status: UnsafeMutablePointer<stat>
    ) -> Int32 {
        Musl.lstat(path, status)
    }
    @_disfavoredOverload @discardableResult func unlink(_ path: UnsafePointer<CChar>) -> Int32 {
        Musl.unlink(path)
    }
    @_disfavoredOverload func rename(_ old: UnsafePointer<CChar>!, _ new: UnsafePointer<CChar>!)
        -> Int32
    {
        Musl.rename(old, new)
    }
    @_disfavoredOverload func opendir(_ path: UnsafePointer<CChar>) -> OpaquePointer! {
        Musl.opendir(path)
    }
    @_disfavoredOverload func readdir(_ stream: OpaquePointer) -> UnsafeMutablePointer<dirent>! {
        Musl.readdir(stream)
    }
    @_disfavoredOverload @discardableResult func closedir(_ stream: OpaquePointer) -> Int32 {
        Musl.closedir(stream)
    }
    @_disfavoredOverload func time(_ result: UnsafeMutablePointer<time_t>!) -> time_t {
        Musl.time(result)
    }
    @_disfavoredOverload func getpid() -> pid_t { Musl.getpid() }
    @_disfavoredOverload func kill(_ pid: pid_t, _ signal: Int32) -> Int32 { Musl.kill(pid, signal) }
    @_disfavoredOverload func strerror(_ code: Int32) -> UnsafeMutablePointer<CChar>! {
        Musl.strerror(code)
    }

    @_disfavoredOverload var O_RDONLY: Int32 { Musl.O_RDONLY }
    @_disfavoredOverload var O_WRONLY: Int32 { Musl.O_WRONLY }
    @_disfavoredOverload var O_CREAT: Int32 { Musl.O_CREAT }
    @_disfavoredOverload var O_EXCL: Int32 { Musl.O_EXCL }
    @_disfavoredOverload var O_CLOEXEC: Int32 { Musl.O_CLOEXEC }
    @_disfavoredOverload var S_IFMT: mode_t { Musl.S_IFMT }
    @_disfavoredOverload var S_IFREG: mode_t { Musl.S_IFREG }
    @_disfavoredOverload var S_IFDIR: mode_t { Musl.S_IFDIR }
    @_disfavoredOverload var EACCES: Int32 { Musl.EACCES }
    @_disfavoredOverload var EINTR: Int32 { Musl.EINTR }
    @_disfavoredOverload var EIO: Int32 { Musl.EIO }
    @_disfavoredOverload var EISDIR: Int32 { Musl.EISDIR }
    @_disfavoredOverload var ENOENT: Int32 { Musl.ENOENT }
    @_disfavoredOverload var ENOSPC: Int32 { Musl.ENOSPC }
    @_disfavoredOverload var ENOTDIR: Int32 { Musl.ENOTDIR }
    @_disfavoredOverload var EPERM: Int32 { Musl.EPERM }
    @_disfavoredOverload var EROFS: Int32 { Musl.EROFS }
#elseif canImport(Darwin)
    internal import Darwin

    /// A file's status, as `stat(2)` family calls fill it in (`stat()` is one filled with zeros).
    typealias stat = Darwin.stat

    /// The calling thread's last error number.
    @_disfavoredOverload var errno: Int32 {
        get { Darwin.errno }
        set { Darwin.errno = newValue }
    }

    @_disfavoredOverload func open(_ path: UnsafePointer<CChar>, _ flags: Int32) -> Int32 {
        Darwin.open(path, flags)
    }
    @_disfavoredOverload func open(_ path: UnsafePointer<CChar>, _ flags: Int32, _ mode: mode_t)
        -> Int32
    {
        Darwin.open(path, flags, mode)
    }
    @_disfavoredOverload @discardableResult func close(_ fd: Int32) -> Int32 { Darwin.close(fd) }
    @_disfavoredOverload func read(_ fd: Int32, _ buffer: UnsafeMutableRawPointer!, _ count: Int)
        -> Int
    {
        Darwin.read(fd, buffer, count)
    }
    @_disfavoredOverload func write(_ fd: Int32, _ buffer: UnsafeRawPointer!, _ count: Int) -> Int {
        Darwin.write(fd, buffer, count)
    }
    @_disfavoredOverload func fstat(_ fd: Int32, _ status: UnsafeMutablePointer<stat>) -> Int32 {
        Darwin.fstat(fd, status)
    }
    @_disfavoredOverload func lstat(
        _ path: UnsafePointer<CChar>, _ status: UnsafeMutablePointer<stat>
    ) -> Int32 {
        Darwin.lstat(path, status)
    }
    @_disfavoredOverload @discardableResult func unlink(_ path: UnsafePointer<CChar>) -> Int32 {
        Darwin.unlink(path)
    }
    @_disfavoredOverload func rename(_ old: UnsafePointer<CChar>!, _ new: UnsafePointer<CChar>!)
        -> Int32
    {
        Darwin.rename(old, new)
    }
    @_disfavoredOverload func opendir(_ path: UnsafePointer<CChar>) -> UnsafeMutablePointer<DIR>! {
        Darwin.opendir(path)
    }
    @_disfavoredOverload func readdir(_ stream: UnsafeMutablePointer<DIR>) -> UnsafeMutablePointer<
        dirent
    >! { Darwin.readdir(stream) }
    @_disfavoredOverload @discardableResult func closedir(_ stream: UnsafeMutablePointer<DIR>)
        -> Int32
    { Darwin.closedir(stream) }
    @_disfavoredOverload func time(_ result: UnsafeMutablePointer<time_t>!) -> time_t {
        Darwin.time(result)
    }
    @_disfavoredOverload func getpid() -> pid_t { Darwin.getpid() }
    @_disfavoredOverload func kill(_ pid: pid_t, _ signal: Int32) -> Int32 {
        Darwin.kill(pid, signal)
    }
    @_disfavoredOverload func strerror(_ code: Int32) -> UnsafeMutablePointer<CChar>! {
        Darwin.strerror(code)
    }

    @_disfavoredOverload var O_RDONLY: Int32 { Darwin.O_RDONLY }
    @_disfavoredOverload var O_WRONLY: Int32 { Darwin.O_WRONLY }
    @_disfavoredOverload var O_CREAT: Int32 { Darwin.O_CREAT }
    @_disfavoredOverload var O_EXCL: Int32 { Darwin.O_EXCL }
    @_disfavoredOverload var O_CLOEXEC: Int32 { Darwin.O_CLOEXEC }
    @_disfavoredOverload var S_IFMT: mode_t { Darwin.S_IFMT }
    @_disfavoredOverload var S_IFREG: mode_t { Darwin.S_IFREG }
    @_disfavoredOverload var S_IFDIR: mode_t { Darwin.S_IFDIR }
    @_disfavoredOverload var EACCES: Int32 { Darwin.EACCES }
    @_disfavoredOverload var EINTR: Int32 { Darwin.EINTR }
    @_disfavoredOverload var EIO: Int32 { Darwin.EIO }
    @_disfavoredOverload var EISDIR: Int32 { Darwin.EISDIR }
    @_disfavoredOverload var ENOENT: Int32 { Darwin.ENOENT }
    @_disfavoredOverload var ENOSPC: Int32 { Darwin.ENOSPC }
    @_disfavoredOverload var ENOTDIR: Int32 { Darwin.ENOTDIR }
    @_disfavoredOverload var EPERM: Int32 { Darwin.EPERM }
    @_disfavoredOverload var EROFS: Int32 { Darwin.EROFS }
#endif

/// The time of the last modification in `status`, in seconds since the epoch (`st_mtim` on Linux,
/// `st_mtimespec` on Darwin).
func modificationSeconds(of status: stat) -> Int {
    #if canImport(Darwin)
        return Int(status.st_mtimespec.tv_sec)
    #else
        return Int(status.st_mtim.tv_sec)
    #endif
}
