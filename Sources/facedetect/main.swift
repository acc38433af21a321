#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

exit(FaceDetectTool.run(arguments: Array(CommandLine.arguments.dropFirst())).rawValue)
